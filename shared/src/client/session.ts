import { createAction } from '@reduxjs/toolkit';
import type { StoredSession } from './session-storage';

export * from './session-storage';

/** Dispatched when sign-in succeeds; the shell's session slice stores the user. */
export const sessionStarted = createAction<StoredSession>('session/started');
/** Dispatched on sign-out, a 401 or an expired token; the shell goes to /signin. */
export const sessionEnded = createAction<{ reason: 'signed-out' | 'expired' | 'unauthorized' }>(
  'session/ended',
);
