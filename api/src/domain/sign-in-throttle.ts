/**
 * Throttling of failed sign-ins (docs/product.md#users-and-sign-in), after OWASP's authentication cheat sheet:
 * failures are counted per (account, address) pair and per address, never per account alone,
 * so that nobody can lock a colleague (or the admin) out from somewhere else; and past a few free
 * failures each one doubles the wait instead of locking for a fixed time.
 *
 * Every attempt is counted as a failure BEFORE its password is checked (a reservation, "in
 * flight" until it settles) and given back when the password proves right. With the count and the
 * check one step under a row lock (sign-in-throttles/service.ts), a burst of simultaneous attempts
 * cannot pass the check together: at most the free failures are ever verified, on any number of
 * server instances. An attempt refused only because others are still in flight (several staff
 * signing in at once behind one address) waits for them instead of being refused.
 *
 * This module is the pure decision; the state lives in sign_in_throttles.
 */
export interface ThrottleRule {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the last free failure; each further failure doubles it… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** A key quiet for this long (and not blocked) starts again from nothing. */
  forgetAfterMs: number;
}

/** One person mistyping at their desk: 5 tries, then 30 s, 1, 2, 4, 8, 15 minutes. */
export const PAIR_THROTTLE: ThrottleRule = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/**
 * A whole address: higher because the staff of one branch usually share one public address, and
 * an attacker spraying many accounts from one address meets it first.
 */
export const ADDRESS_THROTTLE: ThrottleRule = {
  freeFailures: 20,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

export interface ThrottleState {
  /** Settled failures plus the reservations in flight. */
  failures: number;
  /** Reservations whose password is still being checked. */
  inFlight: number;
  /** The last failure or reservation. */
  lastFailureAt: number;
  blockedUntil: number | null;
}

export type Admission =
  | { admitted: true; reserved: ThrottleState }
  | {
      admitted: false;
      retryAfterSeconds: number;
      /** Refused only because of reservations in flight: worth waiting for them to settle. */
      settling: boolean;
    };

/**
 * A reservation older than this is no longer in flight: its process died before settling it.
 * It stays counted as a failure, which is what a crash mid-attempt should count as.
 */
export const IN_FLIGHT_STALE_MS = 30_000;

/** The wait imposed after the `failures`-th failure. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  // 2 ** 40 already exceeds any sensible cap; keeps the arithmetic finite.
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(doublings, 40));
}

/** The state as it counts now: a key quiet for long enough and not blocked is forgotten. */
export function currentState(
  state: ThrottleState | undefined,
  nowMs: number,
  rule: ThrottleRule,
): ThrottleState | undefined {
  if (!state || state.failures <= 0) return undefined;
  const blocked = state.blockedUntil !== null && state.blockedUntil > nowMs;
  if (!blocked && nowMs - state.lastFailureAt >= rule.forgetAfterMs) return undefined;
  if (state.inFlight > 0 && nowMs - state.lastFailureAt >= IN_FLIGHT_STALE_MS)
    return { ...state, inFlight: 0 };
  return state;
}

/** The wait the given failures impose, counted from the last one. */
function waitFor(failures: number, lastFailureAt: number, rule: ThrottleRule): number | null {
  const delay = delayAfter(failures, rule);
  return delay > 0 ? lastFailureAt + delay : null;
}

/**
 * Lets an attempt through and counts it as a failure in advance, or refuses it while the key
 * waits. A refused attempt is not a failure: hammering a blocked key does not lengthen its wait.
 */
export function admit(state: ThrottleState | undefined, nowMs: number, rule: ThrottleRule): Admission {
  const current = currentState(state, nowMs, rule);
  if (current?.blockedUntil != null && current.blockedUntil > nowMs) {
    // Would the settled failures alone (the reservations in flight given back) admit it?
    const settledWait = waitFor(current.failures - current.inFlight, current.lastFailureAt, rule);
    return {
      admitted: false,
      retryAfterSeconds: Math.max(1, Math.ceil((current.blockedUntil - nowMs) / 1000)),
      settling: current.inFlight > 0 && (settledWait === null || settledWait <= nowMs),
    };
  }
  const failures = (current?.failures ?? 0) + 1;
  return {
    admitted: true,
    reserved: {
      failures,
      inFlight: (current?.inFlight ?? 0) + 1,
      lastFailureAt: nowMs,
      blockedUntil: waitFor(failures, nowMs, rule),
    },
  };
}

/**
 * Settles a reservation once its password has been checked (undefined: nothing left to keep).
 * A wrong password leaves its failure counted. A right one gives it back; with `forgetFailures`
 * (the account at this address: whoever is there knows the password) every settled failure goes
 * too, and only the other reservations still in flight stay counted.
 */
export function settle(
  state: ThrottleState | undefined,
  outcome: { succeeded: boolean; forgetFailures: boolean },
  rule: ThrottleRule,
): ThrottleState | undefined {
  if (!state) return undefined;
  const inFlight = Math.max(0, state.inFlight - 1);
  if (!outcome.succeeded) return { ...state, inFlight };
  const failures = outcome.forgetFailures ? inFlight : Math.max(0, state.failures - 1);
  if (failures === 0 && inFlight === 0) return undefined;
  return {
    failures,
    inFlight,
    lastFailureAt: state.lastFailureAt,
    blockedUntil: waitFor(failures, state.lastFailureAt, rule),
  };
}

/**
 * The refusal of an attempt that several keys must admit, if any: the longest wait wins, and it
 * is worth waiting for reservations in flight only if every refusing key is merely settling.
 */
export function refusalOf(
  admissions: Admission[],
): { retryAfterSeconds: number; settling: boolean } | undefined {
  let refusal: { retryAfterSeconds: number; settling: boolean } | undefined;
  for (const admission of admissions) {
    if (admission.admitted) continue;
    refusal = {
      retryAfterSeconds: Math.max(refusal?.retryAfterSeconds ?? 0, admission.retryAfterSeconds),
      settling: (refusal?.settling ?? true) && admission.settling,
    };
  }
  return refusal;
}

/**
 * The address an attempt is counted under. An IPv6 client usually holds a whole /64, so it is
 * counted by that prefix; an IPv4 address mapped into IPv6 is counted as the IPv4 address.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, zeros)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    return `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
