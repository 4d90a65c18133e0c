/**
 * Which verified tokens still open a session (docs/security.md): the account must exist, be
 * active, and the token must carry the user's current session version (sign-out, deactivation
 * and a password reset or change move it on). The auth gate applies it to every request, and a
 * renewal applies it again under the user's row lock, so that no token outlives its session.
 */
export const SESSION_REFUSALS = {
  noAccount: 'Your account no longer exists. Please sign in again.',
  deactivated: 'Your account is deactivated. Contact an administrator.',
  signedOut: 'You have been signed out. Please sign in again.',
} as const;

export interface SessionHolder {
  isActive: boolean;
  sessionVersion: number;
}

/** Why a token of `tokenVersion` no longer opens `user`'s session, or null when it does. */
export function sessionRefusal(user: SessionHolder | undefined, tokenVersion: number): string | null {
  if (!user) return SESSION_REFUSALS.noAccount;
  if (!user.isActive) return SESSION_REFUSALS.deactivated;
  if (user.sessionVersion !== tokenVersion) return SESSION_REFUSALS.signedOut;
  return null;
}
