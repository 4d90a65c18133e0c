/**
 * Throttling of failed sign-ins (domain rules §10), after OWASP's authentication cheat sheet:
 * failures are counted per (account, address) pair and per address, never per account alone,
 * so that nobody can lock a colleague (or the admin) out from somewhere else; and past a few free
 * failures each one doubles the wait instead of locking for a fixed time.
 *
 * Every attempt is counted as a failure BEFORE its password is checked (a reservation) and given
 * back when the password proves right. With the count and the check one step under a row lock
 * (users/repository.ts), a burst of simultaneous attempts cannot pass the check together: at most
 * the free failures are ever verified, on any number of server instances.
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
  failures: number;
  lastFailureAt: number;
  blockedUntil: number | null;
}

export type Admission =
  { admitted: true; reserved: ThrottleState } | { admitted: false; retryAfterSeconds: number };

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
  return state;
}

/**
 * Lets an attempt through and counts it as a failure in advance, or refuses it while the key
 * waits. A refused attempt is not a failure: hammering a blocked key does not lengthen its wait.
 */
export function admit(state: ThrottleState | undefined, nowMs: number, rule: ThrottleRule): Admission {
  const current = currentState(state, nowMs, rule);
  if (current?.blockedUntil != null && current.blockedUntil > nowMs) {
    return {
      admitted: false,
      retryAfterSeconds: Math.max(1, Math.ceil((current.blockedUntil - nowMs) / 1000)),
    };
  }
  const failures = (current?.failures ?? 0) + 1;
  const delay = delayAfter(failures, rule);
  return {
    admitted: true,
    reserved: { failures, lastFailureAt: nowMs, blockedUntil: delay > 0 ? nowMs + delay : null },
  };
}

/**
 * Gives back one reserved failure after a right password (undefined: nothing left to keep).
 * The wait is the one the remaining failures impose, counted from the last failure.
 */
export function release(state: ThrottleState | undefined, rule: ThrottleRule): ThrottleState | undefined {
  if (!state || state.failures <= 1) return undefined;
  const failures = state.failures - 1;
  const delay = delayAfter(failures, rule);
  return {
    failures,
    lastFailureAt: state.lastFailureAt,
    blockedUntil: delay > 0 ? state.lastFailureAt + delay : null,
  };
}

/** The longer of several refusals wins. */
export function longestWait(admissions: Admission[]): number | undefined {
  let longest: number | undefined;
  for (const admission of admissions) {
    if (!admission.admitted && (longest === undefined || admission.retryAfterSeconds > longest)) {
      longest = admission.retryAfterSeconds;
    }
  }
  return longest;
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
