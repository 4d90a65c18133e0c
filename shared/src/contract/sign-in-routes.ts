/**
 * The paths the sign-in page's script needs, kept apart from routes.ts (which reads them from
 * here): routes.ts carries every list's definition, and /signin is one small request.
 */
export const API_BASE = '/api';

export const SIGN_IN_ROUTES = {
  /** POST, relative to API_BASE. */
  login: '/users/login',
  /** The sign-in page itself. */
  signin: '/signin',
  /** Where a signed-in person lands. */
  dashboard: '/',
} as const;
