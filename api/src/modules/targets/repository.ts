/** The SQL of monthly targets: the month's rows, the staff they are for, and one target's row. */
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { monthlyTargets, users, type TARGET_KINDS } from '../../db/schema';

export type TargetKind = (typeof TARGET_KINDS)[number];
export type TargetRow = typeof monthlyTargets.$inferSelect;

/** Advisory lock key of target saves (any constant unique to this purpose). */
const TARGETS_LOCK_KEY = 7_241_001;

const ofOfficer = (officerId: number | null): SQL =>
  officerId === null ? isNull(monthlyTargets.officerId) : eq(monthlyTargets.officerId, officerId);

/** Every target row of a month (company-wide and per officer, both kinds). */
export function monthTargetRows(db: Executor, year: number, month: number): Promise<TargetRow[]> {
  return db
    .select()
    .from(monthlyTargets)
    .where(and(eq(monthlyTargets.year, year), eq(monthlyTargets.month, month)));
}

/** Every officer (`{ officers: true }`) or one user, by name then id. */
export function staffByName(db: Executor, who: { officers: true } | { id: number }) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where('id' in who ? eq(users.id, who.id) : eq(users.role, 'officer'))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Which of `ids` are officers. */
export async function officerIdsAmong(tx: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.role, 'officer')));
  return new Set(found.map((user) => user.id));
}

/** Saves of targets take turns (until the transaction ends), so two first saves cannot both insert. */
export async function lockTargetSaves(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TARGETS_LOCK_KEY})`);
}

/** Sets one target (an officer's or, with null, the company's) and returns what it was before. */
export async function upsertTarget(
  tx: Executor,
  target: { officerId: number | null; year: number; month: number; kind: TargetKind },
  values: { amount: string; setBy: number; updatedAt: Date },
): Promise<TargetRow | undefined> {
  const where = and(
    ofOfficer(target.officerId),
    eq(monthlyTargets.year, target.year),
    eq(monthlyTargets.month, target.month),
    eq(monthlyTargets.kind, target.kind),
  );
  const [before] = await tx.select().from(monthlyTargets).where(where).for('update');
  if (before) {
    await tx.update(monthlyTargets).set(values).where(eq(monthlyTargets.id, before.id));
  } else {
    await tx.insert(monthlyTargets).values({ ...target, ...values });
  }
  return before;
}

/** Whose monthly targets to add up: one officer's, the company-wide one, or every officer's. */
export type TargetHolder = { officerId: number } | 'company' | 'officers';

/** How many targets of a kind a month has for `holder`, and their sum (numeric text). */
export async function sumTargets(
  ex: Executor,
  kind: TargetKind,
  year: number,
  month: number,
  holder: TargetHolder,
) {
  const whose =
    holder === 'company'
      ? isNull(monthlyTargets.officerId)
      : holder === 'officers'
        ? isNotNull(monthlyTargets.officerId)
        : eq(monthlyTargets.officerId, holder.officerId);
  const [row] = await ex
    .select({
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${monthlyTargets.amount}), 0)::text`,
    })
    .from(monthlyTargets)
    .where(
      and(
        eq(monthlyTargets.kind, kind),
        eq(monthlyTargets.year, year),
        eq(monthlyTargets.month, month),
        whose,
      ),
    );
  return { n: Number(row?.n ?? 0), amount: row?.amount ?? '0' };
}
