import { createAction } from '@reduxjs/toolkit';
import { readSession, saveSession, type StoredSession } from '@lender/shared/client/session-storage';

export * from '@lender/shared/client/session-storage';

/** Dispatched when sign-in succeeds; the shell's session slice stores the user. */
export const sessionStarted = createAction<StoredSession>('session/started');
/** Dispatched on sign-out, a 401 or an expired token; the shell goes to /signin. */
export const sessionEnded = createAction<{ reason: 'signed-out' | 'expired' | 'unauthorized' }>(
  'session/ended',
);
/**
 * The same user's new token and user (after changing their password, which ends every older
 * token): the session slice takes them; unlike `sessionStarted`, the cached data is kept.
 */
export const sessionRenewed = createAction<StoredSession>('session/renewed');
/**
 * When the person last did something (docs/product.md#states): an input, key or pointer event
 * the shell sees, or a request they caused through the base query (a mutation, or a query's
 * first fetch; not the lists' polling or refetches after a change). Kept here, in the runtime
 * singleton, so that the requests of every remote and the shell's renewal timer share it.
 */
let lastActivity = 0;

export function noteActivity(at = Date.now()): void {
  lastActivity = at;
}

/** Milliseconds since the epoch of the person's last activity; 0 before any. */
export function lastActivityAt(): number {
  return lastActivity;
}

/** The server refuses everything until the user changes their temporary password. */
export const passwordChangeRequired = createAction('session/passwordChangeRequired');

/**
 * USER_TEXTS of contract/users that the client itself needs, copied here because that module
 * brings zod, which every page would then load (session.test.ts keeps them equal).
 */
export const PASSWORD_TEXTS = {
  mustChangePassword: 'Change your temporary password to continue.',
  passwordChanged: 'Password changed',
} as const;

/** Flags the stored user as having to change their password, so that a reload still asks for it. */
export function markPasswordChangeRequired(): void {
  const stored = readSession();
  if (!stored || stored.user.must_change_password) return;
  saveSession({ ...stored.user, must_change_password: true }, stored.token, stored.expiresAt);
}
