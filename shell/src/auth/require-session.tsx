import { useEffect, type ReactNode } from 'react';
import { Navigate } from '@lender/shared/client/router';
import { useAppDispatch, useAppSelector } from '@lender/shared/client/hooks';
import {
  clearSession,
  readSession,
  SESSION_KEYS,
  sessionEnded,
  sessionRenewed,
} from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';
import { selectSessionExpiry, selectSessionUser } from './session-slice';

/** setTimeout's longest delay (about 24.8 days); a session is one hour anyway. */
const MAX_TIMER_MS = 2_147_483_647;

function GoToSignIn() {
  // A missing, expired or damaged stored session is cleared before the sign-in page shows.
  useEffect(() => {
    if (!readSession()) clearSession();
  }, []);
  return <Navigate to={appRoutes.signin} replace />;
}

/**
 * The route guard of every shell route: no session → /signin. It also signs out exactly when the
 * token expires (even if no request is made), and when another tab signs out.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectSessionUser);
  const expiresAt = useAppSelector(selectSessionExpiry);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!user || expiresAt === null) return undefined;
    const expire = () => {
      clearSession();
      dispatch(sessionEnded({ reason: 'expired' }));
    };
    const timer = window.setTimeout(expire, Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS));
    const onStorage = (event: StorageEvent) => {
      if (
        event.key === null ||
        event.key === SESSION_KEYS.accessToken ||
        event.key === SESSION_KEYS.accessTokenExpiry
      ) {
        const stored = readSession();
        if (!stored) dispatch(sessionEnded({ reason: 'signed-out' }));
        // The same user's new token: their password was changed in another tab.
        else if (stored.user.id === user.id && stored.expiresAt !== expiresAt)
          dispatch(sessionRenewed(stored));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [user, expiresAt, dispatch]);

  if (!user || expiresAt === null) return <GoToSignIn />;
  return children;
}
