import type { SignInThrottle, SignInThrottlesPage } from '@lender/shared/contract/sign-in-throttles';
import { NotFoundError } from '../../domain/errors';
import {
  ADDRESS_THROTTLE,
  admit,
  longestWait,
  PAIR_THROTTLE,
  release,
  throttleAddress,
  type ThrottleState,
} from '../../domain/sign-in-throttle';
import type { Caller } from '../../plugins/auth';
import { offsetOf, pageMeta } from '../pagination';
import type { ServiceContext } from '../service-context';
import {
  countThrottles,
  deleteThrottle,
  listThrottles,
  lockThrottle,
  lockThrottleById,
  pruneThrottles,
  saveThrottle,
  type ThrottleRow,
} from './repository';

export const THROTTLES_PAGE_SIZE = 10;
/** How long a key is remembered after its last failure (the longer of the two rules). */
const REMEMBERED_MS = Math.max(PAIR_THROTTLE.forgetAfterMs, ADDRESS_THROTTLE.forgetAfterMs);

const toState = (row: ThrottleRow): ThrottleState => ({
  failures: row.failures,
  lastFailureAt: row.lastFailureAt.getTime(),
  blockedUntil: row.blockedUntil?.getTime() ?? null,
});
const toRow = (state: ThrottleState | undefined) =>
  state && {
    failures: state.failures,
    lastFailureAt: new Date(state.lastFailureAt),
    blockedUntil: state.blockedUntil === null ? null : new Date(state.blockedUntil),
  };

export type Reservation =
  { admitted: true; pairId: number; addressId: number } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts a sign-in attempt as a failure before its password is checked, or refuses it while the
 * (account, address) pair or the address waits. One short transaction holding both rows' locks
 * (always pair first, then address, so two attempts never wait on each other in a circle).
 */
export async function reserveSignInAttempt(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  attempt: { email: string; ip: string },
): Promise<Reservation> {
  const nowMs = ctx.clock.wallNow();
  const at = new Date(nowMs);
  const address = throttleAddress(attempt.ip);
  return ctx.db.transaction(async (tx) => {
    const pair = await lockThrottle(tx, { scope: 'pair', email: attempt.email, ip: address }, at);
    const whole = await lockThrottle(tx, { scope: 'address', email: '', ip: address }, at);
    const pairAdmission = admit(toState(pair), nowMs, PAIR_THROTTLE);
    const addressAdmission = admit(toState(whole), nowMs, ADDRESS_THROTTLE);
    if (!pairAdmission.admitted || !addressAdmission.admitted) {
      return { admitted: false, retryAfterSeconds: longestWait([pairAdmission, addressAdmission]) ?? 1 };
    }
    await saveThrottle(tx, pair.id, toRow(pairAdmission.reserved));
    await saveThrottle(tx, whole.id, toRow(addressAdmission.reserved));
    return { admitted: true, pairId: pair.id, addressId: whole.id };
  });
}

/**
 * After a right password: the pair's failures are wiped (the person at that address knows the
 * password) and the address gets its reserved failure back. A wrong one keeps the reservation.
 */
export async function settleSucceededAttempt(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  reservation: { pairId: number; addressId: number },
): Promise<void> {
  const nowMs = ctx.clock.wallNow();
  await ctx.db.transaction(async (tx) => {
    await saveThrottle(tx, reservation.pairId, undefined);
    const whole = await lockThrottleById(tx, reservation.addressId);
    if (whole) await saveThrottle(tx, whole.id, toRow(release(toState(whole), ADDRESS_THROTTLE)));
    await pruneThrottles(tx, { now: new Date(nowMs), since: new Date(nowMs - REMEMBERED_MS) });
  });
}

function toSignInThrottle(row: ThrottleRow, nowMs: number): SignInThrottle {
  const blocked = row.blockedUntil !== null && row.blockedUntil.getTime() > nowMs;
  return {
    id: row.id,
    scope: row.scope,
    email: row.scope === 'pair' ? row.email : null,
    address: row.ip,
    failures: row.failures,
    last_failure_at: row.lastFailureAt.toISOString(),
    blocked_until: blocked && row.blockedUntil ? row.blockedUntil.toISOString() : null,
  };
}

export async function listSignInThrottles(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  page: number,
): Promise<SignInThrottlesPage> {
  const nowMs = ctx.clock.wallNow();
  const window = { now: new Date(nowMs), since: new Date(nowMs - REMEMBERED_MS) };
  const request = { page, pageSize: THROTTLES_PAGE_SIZE };
  const [rows, total] = await Promise.all([
    listThrottles(ctx.db, window, offsetOf(request)),
    countThrottles(ctx.db, window),
  ]);
  return { data: rows.map((row) => toSignInThrottle(row, nowMs)), meta: pageMeta(request, total) };
}

/** An admin lets a throttled key sign in again at once (audited). */
export async function clearSignInThrottle(ctx: ServiceContext, caller: Caller, id: number): Promise<void> {
  const nowMs = ctx.clock.wallNow();
  await ctx.db.transaction(async (tx) => {
    const row = await deleteThrottle(tx, id);
    if (!row) throw new NotFoundError(`Sign-in throttle ${id} not found`);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'sign_in_throttle.cleared',
      entity: 'sign_in_throttle',
      entityId: row.id,
      before: toSignInThrottle(row, nowMs),
    });
  });
}
