import { appRoutes } from '@lender/shared/contract/routes';

/** Where this document was first loaded: the app itself answered at /signin only if the server did not. */
const loadedAt = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * Leaves the app for the static sign-in page (shell/src/sign-in) with a full page load. A server
 * that gave this app for /signin itself (no sign-in route) gets the built file, not a loop.
 */
export function goToSignInPage(): void {
  window.location.replace(loadedAt === appRoutes.signin ? '/signin.html' : appRoutes.signin);
}
