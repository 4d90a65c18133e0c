/**
 * Throttling of failed sign-ins (domain rules §10). The state lives in the database so that
 * any server instance decides the same; this is the pure decision over it.
 *
 * A key (an account's e-mail, or a client address) is blocked while `limit` failures fall
 * inside the sliding `windowMs`. It opens again when the limit-th most recent failure leaves
 * the window. Attempts refused while blocked are not failures, so hammering a locked account
 * does not extend its lock-out.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** 5 failures in 15 minutes lock an account. */
export const ACCOUNT_THROTTLE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
/**
 * 20 failures in 15 minutes lock an address: higher than the account limit because the staff
 * of one branch usually share one public address.
 */
export const ADDRESS_THROTTLE: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };

export type ThrottleDecision = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/**
 * @param recentFailures times (ms) of the key's failures inside the window, newest first;
 *   at least the `limit` most recent ones.
 */
export function throttleDecision(
  recentFailures: number[],
  nowMs: number,
  rule: ThrottleRule,
): ThrottleDecision {
  const inWindow = recentFailures.filter((at) => at > nowMs - rule.windowMs).sort((a, b) => b - a);
  const limitingFailure = inWindow[rule.limit - 1];
  if (limitingFailure === undefined) return { blocked: false };
  const retryAfterSeconds = Math.max(1, Math.ceil((limitingFailure + rule.windowMs - nowMs) / 1000));
  return { blocked: true, retryAfterSeconds };
}

/** The longer of several decisions wins. */
export function strictest(decisions: ThrottleDecision[]): ThrottleDecision {
  let result: ThrottleDecision = { blocked: false };
  for (const decision of decisions) {
    if (decision.blocked && (!result.blocked || decision.retryAfterSeconds > result.retryAfterSeconds)) {
      result = decision;
    }
  }
  return result;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
