import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { ThrottleScope } from '@lender/shared/contract/sign-in-throttles';
import type { Executor } from '../../db/client';
import { signInThrottles } from '../../db/schema';

export type ThrottleRow = typeof signInThrottles.$inferSelect;
export interface ThrottleKey {
  scope: ThrottleScope;
  /** '' for an address. */
  email: string;
  ip: string;
}

/**
 * The key's row, created empty if it has none, and LOCKED until the transaction ends: the no-op
 * update of ON CONFLICT takes the row lock, so simultaneous attempts at one key take turns, on
 * any number of instances.
 */
export async function lockThrottle(tx: Executor, key: ThrottleKey, at: Date): Promise<ThrottleRow> {
  const [row] = await tx
    .insert(signInThrottles)
    .values({ ...key, failures: 0, inFlight: 0, lastFailureAt: at, blockedUntil: null })
    .onConflictDoUpdate({
      target: [signInThrottles.scope, signInThrottles.ip, signInThrottles.email],
      set: { failures: sql`${signInThrottles.failures}` },
    })
    .returning();
  if (!row) throw new Error('Upsert returned no row');
  return row;
}

/** The key's row LOCKED until the transaction ends, or undefined: no row is created for it. */
export async function findThrottleForUpdate(
  tx: Executor,
  key: ThrottleKey,
): Promise<ThrottleRow | undefined> {
  const [row] = await tx
    .select()
    .from(signInThrottles)
    .where(
      and(
        eq(signInThrottles.scope, key.scope),
        eq(signInThrottles.ip, key.ip),
        eq(signInThrottles.email, key.email),
      ),
    )
    .for('update');
  return row;
}

/** Counts one more refused attempt on a row; returns the count (1 for the first of a wait). */
export async function countRefusal(tx: Executor, id: number): Promise<number> {
  const [row] = await tx
    .update(signInThrottles)
    .set({ refused: sql`${signInThrottles.refused} + 1` })
    .where(eq(signInThrottles.id, id))
    .returning({ refused: signInThrottles.refused });
  return row?.refused ?? 0;
}

/** Locks a row by id (undefined when it has been cleared meanwhile). */
export async function lockThrottleById(tx: Executor, id: number): Promise<ThrottleRow | undefined> {
  const [row] = await tx.select().from(signInThrottles).where(eq(signInThrottles.id, id)).for('update');
  return row;
}

export async function saveThrottle(
  tx: Executor,
  id: number,
  state:
    | { failures: number; inFlight: number; lastFailureAt: Date; blockedUntil: Date | null; refused?: number }
    | undefined,
): Promise<void> {
  if (state) await tx.update(signInThrottles).set(state).where(eq(signInThrottles.id, id));
  else await tx.delete(signInThrottles).where(eq(signInThrottles.id, id));
}

export async function deleteThrottle(tx: Executor, id: number): Promise<ThrottleRow | undefined> {
  const [row] = await tx.delete(signInThrottles).where(eq(signInThrottles.id, id)).returning();
  return row;
}

/** Throttles that still count at `now`: failures remembered since `since`, or blocked still. */
const stillCounting = (now: Date, since: Date) =>
  and(
    gt(signInThrottles.failures, 0),
    or(gt(signInThrottles.lastFailureAt, since), gt(signInThrottles.blockedUntil, now)),
  );

/** Most recent failure first. The table holds only recent keys: pruned on every sign-in. */
export async function listThrottles(
  tx: Executor,
  window: { now: Date; since: Date },
  page: { limit: number; offset: number },
): Promise<ThrottleRow[]> {
  return tx
    .select()
    .from(signInThrottles)
    .where(stillCounting(window.now, window.since))
    .orderBy(desc(signInThrottles.lastFailureAt), desc(signInThrottles.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countThrottles(tx: Executor, window: { now: Date; since: Date }): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(signInThrottles)
    .where(stillCounting(window.now, window.since));
  return row?.total ?? 0;
}

/** Keys forgotten by the rules (quiet since `since` and not blocked) serve no purpose. */
export async function pruneThrottles(tx: Executor, window: { now: Date; since: Date }): Promise<void> {
  await tx
    .delete(signInThrottles)
    .where(
      and(
        lt(signInThrottles.lastFailureAt, window.since),
        or(isNull(signInThrottles.blockedUntil), lt(signInThrottles.blockedUntil, window.now)),
      ),
    );
}
