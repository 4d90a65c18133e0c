import { appRoutes } from '@lender/shared/contract/routes';

/** Where this document was first loaded: the app itself answered at /signin only if the server did not. */
const loadedAt = typeof window === 'undefined' ? '' : window.location.pathname;

/** The query that makes the sign-in page say why the person is there again. */
export const SESSION_EXPIRED_QUERY = '?session=expired';

/**
 * Leaves the app for the static sign-in page (shell/src/sign-in) with a full page load. A server
 * that gave this app for /signin itself (no sign-in route) gets the built file, not a loop.
 * `expired`: the session ended by itself (expiry, or the server refused the token), not by signing out.
 */
export function goToSignInPage({ expired = false }: { expired?: boolean } = {}): void {
  const page = loadedAt === appRoutes.signin ? '/signin.html' : appRoutes.signin;
  window.location.replace(expired ? `${page}${SESSION_EXPIRED_QUERY}` : page);
}
