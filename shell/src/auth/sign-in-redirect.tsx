import { useEffect } from 'react';
import { useLocation } from '@lender/shared/client/router';
import { goToSignInPage, SESSION_EXPIRED_QUERY } from './sign-in-navigation';

/**
 * The app's /signin route: sign-out, an expired session and a 401 all end up here (through the
 * router), and from here on the static sign-in page, the only one. An ended session's reason
 * travels in the query, so that the page can say it.
 */
export function SignInRedirect() {
  const { search } = useLocation();
  useEffect(() => goToSignInPage({ expired: search === SESSION_EXPIRED_QUERY }), [search]);
  return <p className="boot-loading">Loading...</p>;
}
