import { useEffect } from 'react';
import { goToSignInPage } from './sign-in-navigation';

/**
 * The app's /signin route: sign-out, an expired session and a 401 all end up here (through the
 * router), and from here on the static sign-in page, the only one.
 */
export function SignInRedirect() {
  useEffect(() => goToSignInPage(), []);
  return <p className="boot-loading">Loading...</p>;
}
