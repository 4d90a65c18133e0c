import type { SignInThrottle, SignInThrottlesPage } from '@lender/shared/contract/sign-in-throttles';
import { NotFoundError } from '../../domain/errors';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADDRESS_THROTTLE,
  admit,
  PAIR_THROTTLE,
  refusalOf,
  settle,
  throttleAddress,
  type ThrottleState,
} from '../../domain/sign-in-throttle';
import type { Caller } from '../../plugins/auth';
import { offsetOf, pageMeta, pageRequest } from '../pagination';
import type { ServiceContext } from '../service-context';
import {
  countRefusal,
  countThrottles,
  deleteThrottle,
  findThrottleForUpdate,
  listThrottles,
  lockThrottle,
  lockThrottleById,
  pruneThrottles,
  saveThrottle,
  type ThrottleRow,
} from './repository';

/** How long a key is remembered after its last failure (the longer of the two rules). */
const REMEMBERED_MS = Math.max(PAIR_THROTTLE.forgetAfterMs, ADDRESS_THROTTLE.forgetAfterMs);

const toState = (row: ThrottleRow): ThrottleState => ({
  failures: row.failures,
  inFlight: row.inFlight,
  lastFailureAt: row.lastFailureAt.getTime(),
  blockedUntil: row.blockedUntil?.getTime() ?? null,
});
const rowOf = (state: ThrottleState) => ({
  failures: state.failures,
  inFlight: state.inFlight,
  lastFailureAt: new Date(state.lastFailureAt),
  blockedUntil: state.blockedUntil === null ? null : new Date(state.blockedUntil),
});
const toRow = (state: ThrottleState | undefined) => state && rowOf(state);
/** An admitted attempt's row: its reserved state, the refusals of the last wait forgotten. */
const admitted = (state: ThrottleState) => ({ ...rowOf(state), refused: 0 });

export type Reservation =
  | { admitted: true; pairId: number; addressId: number }
  | {
      admitted: false;
      retryAfterSeconds: number;
      /**
       * The first refusal of this wait at its keys: the one written to the sign-in history (the
       * others are counted on the throttle rows).
       */
      firstOfWait: boolean;
    };

/** How long an attempt waits for others in flight at its keys before it is refused. */
const SETTLING_WAIT_MS = 2_000;
const SETTLING_POLL_MS = 50;

/**
 * Counts a sign-in attempt as a failure before its password is checked, or refuses it while the
 * (account, address) pair or the address waits. One short transaction holding both rows' locks
 * (always address first, then pair, so two attempts never wait on each other in a circle). A
 * refused attempt writes no row: the pair's row is made only for an admitted attempt, and a
 * refusal is counted on the rows that refused it.
 */
async function tryReserve(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  keys: { email: string; address: string },
): Promise<Reservation & { settling?: boolean }> {
  const nowMs = ctx.clock.wallNow();
  const at = new Date(nowMs);
  const pairKey = { scope: 'pair', email: keys.email, ip: keys.address } as const;
  return ctx.db.transaction(async (tx) => {
    const whole = await lockThrottle(tx, { scope: 'address', email: '', ip: keys.address }, at);
    const pair = await findThrottleForUpdate(tx, pairKey);
    const pairAdmission = admit(pair && toState(pair), nowMs, PAIR_THROTTLE);
    const addressAdmission = admit(toState(whole), nowMs, ADDRESS_THROTTLE);
    if (!pairAdmission.admitted || !addressAdmission.admitted) {
      const refusal = refusalOf([pairAdmission, addressAdmission]) ?? {
        retryAfterSeconds: 1,
        settling: false,
      };
      // Waiting for attempts still being checked is no wait of the key's own: not counted.
      if (refusal.settling) return { admitted: false, ...refusal, firstOfWait: true };
      let firstOfWait = false;
      for (const [row, admission] of [
        [whole, addressAdmission],
        [pair, pairAdmission],
      ] as const) {
        if (row && !admission.admitted) firstOfWait = (await countRefusal(tx, row.id)) === 1 || firstOfWait;
      }
      return { admitted: false, ...refusal, firstOfWait };
    }
    const pairRow = pair ?? (await lockThrottle(tx, pairKey, at));
    await saveThrottle(tx, whole.id, admitted(addressAdmission.reserved));
    await saveThrottle(tx, pairRow.id, admitted(pairAdmission.reserved));
    return { admitted: true, pairId: pairRow.id, addressId: whole.id };
  });
}

/**
 * Reserves an attempt (tryReserve). Refused only because other attempts at the same keys are
 * still being checked, it waits for them (up to 2 s) rather than telling someone who has not
 * failed to wait: staff signing in together behind one address all get in.
 */
export async function reserveSignInAttempt(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  attempt: { email: string; ip: string },
): Promise<Reservation> {
  const keys = { email: attempt.email, address: throttleAddress(attempt.ip) };
  const giveUpAt = performance.now() + SETTLING_WAIT_MS;
  for (;;) {
    const { settling, ...reservation } = await tryReserve(ctx, keys);
    if (reservation.admitted || !settling || performance.now() >= giveUpAt) return reservation;
    await sleep(SETTLING_POLL_MS + Math.random() * SETTLING_POLL_MS);
  }
}

/**
 * Settles a reservation once the password has been checked. Right: the pair's failures are
 * wiped (whoever is at that address knows the password) and the address gets its reserved
 * failure back. Wrong: the reservation stays counted as the failure.
 */
export async function settleSignInAttempt(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  reservation: { pairId: number; addressId: number },
  succeeded: boolean,
): Promise<void> {
  const nowMs = ctx.clock.wallNow();
  await ctx.db.transaction(async (tx) => {
    // Address first, then pair: the order tryReserve takes them in.
    const whole = await lockThrottleById(tx, reservation.addressId);
    const pair = await lockThrottleById(tx, reservation.pairId);
    if (whole) {
      const settled = settle(toState(whole), { succeeded, forgetFailures: false }, ADDRESS_THROTTLE);
      await saveThrottle(tx, whole.id, toRow(settled));
    }
    if (pair) {
      const settled = settle(toState(pair), { succeeded, forgetFailures: true }, PAIR_THROTTLE);
      await saveThrottle(tx, pair.id, toRow(settled));
    }
    if (succeeded) await pruneThrottles(tx, { now: new Date(nowMs), since: new Date(nowMs - REMEMBERED_MS) });
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
  const request = pageRequest(page);
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
