/**
 * Monthly targets (issue 5): a disbursement and a collection target per month, company-wide
 * (officer_id null) and per officer. Admins read and set them; an officer reads their own.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PutTargetsRequest, Target } from '@lender/shared/contract/targets';
import type { Executor } from '../../db/client';
import { monthlyTargets, users } from '../../db/schema';
import { ValidationError } from '../../domain/errors';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import type { ServiceContext } from '../service-context';

/** Advisory lock key of target saves (any constant unique to this purpose). */
const TARGETS_LOCK_KEY = 7_241_001;

type Kind = 'disbursement' | 'collection';

const ofOfficer = (officerId: number | null): SQL =>
  officerId === null ? isNull(monthlyTargets.officerId) : eq(monthlyTargets.officerId, officerId);

async function targetsOf(db: Executor, year: number, month: number) {
  const rows = await db
    .select()
    .from(monthlyTargets)
    .where(and(eq(monthlyTargets.year, year), eq(monthlyTargets.month, month)));
  const amount = (officerId: number | null, kind: Kind) => {
    const row = rows.find((r) => r.officerId === officerId && r.kind === kind);
    return row ? toMoneyNumber(toCents(row.amount)) : 0;
  };
  return (officerId: number | null, name: string | null): Target => ({
    officer_id: officerId,
    officer_name: name,
    month,
    year,
    disbursement_target: amount(officerId, 'disbursement'),
    collection_target: amount(officerId, 'collection'),
  });
}

/** Admins: the company-wide row first, then every officer's; an officer: their own row only. */
export async function listTargets(
  db: Executor,
  caller: Caller,
  year: number,
  month: number,
): Promise<Target[]> {
  const officers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(caller.role === 'admin' ? eq(users.role, 'officer') : eq(users.id, caller.id))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const rowOf = await targetsOf(db, year, month);
  const officerRows = officers.map((o) => rowOf(o.id, `${o.firstName} ${o.lastName}`));
  return caller.role === 'admin' ? [rowOf(null, null), ...officerRows] : officerRows;
}

/** Sets the listed targets of the month in one transaction, with an audit entry each. */
export async function putTargets(
  ctx: ServiceContext,
  caller: Caller,
  year: number,
  month: number,
  body: PutTargetsRequest,
): Promise<Target[]> {
  const officerIds = body.targets.map((t) => t.officerId).filter((id): id is number => id !== null);
  await ctx.db.transaction(async (tx) => {
    // Saves of targets take turns, so two first-time saves of one target cannot both insert it.
    await tx.execute(sql`select pg_advisory_xact_lock(${TARGETS_LOCK_KEY})`);
    if (officerIds.length > 0) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, officerIds), eq(users.role, 'officer')));
      const known = new Set(found.map((u) => u.id));
      const unknown = officerIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw ValidationError.field('targets', `Unknown officer: ${unknown.join(', ')}`);
      }
    }
    const now = ctx.clock.now();
    for (const input of body.targets) {
      for (const [kind, value] of [
        ['disbursement', input.disbursementTarget],
        ['collection', input.collectionTarget],
      ] as const) {
        const amount = formatCents(toCents(value));
        const where = and(
          ofOfficer(input.officerId),
          eq(monthlyTargets.year, year),
          eq(monthlyTargets.month, month),
          eq(monthlyTargets.kind, kind),
        );
        const [before] = await tx.select().from(monthlyTargets).where(where).for('update');
        if (before) {
          await tx
            .update(monthlyTargets)
            .set({ amount, setBy: caller.id, updatedAt: now })
            .where(eq(monthlyTargets.id, before.id));
        } else {
          await tx.insert(monthlyTargets).values({
            officerId: input.officerId,
            year,
            month,
            kind,
            amount,
            setBy: caller.id,
            updatedAt: now,
          });
        }
        await ctx.audit.record(tx, {
          actorId: caller.id,
          action: 'target.set',
          entity: 'monthly_target',
          entityId: `${input.officerId ?? 'company'}:${year}-${month}:${kind}`,
          before: before ? { amount: before.amount } : null,
          after: { amount },
        });
      }
    }
  });
  return listTargets(ctx.db, caller, year, month);
}
