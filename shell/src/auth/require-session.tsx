import { useContext, useEffect, useState, type ReactNode } from 'react';
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
import { texts } from '@lender/shared/texts';
import { AppContext } from '@lender/shared/ui/antd-core';
import { selectSessionEndReason, selectSessionExpiry, selectSessionUser } from './session-slice';
import { useReturnToDraft } from './draft-return';
import { useSessionRenewal } from './session-renewal';
import { SESSION_EXPIRED_QUERY } from './sign-in-navigation';

/** setTimeout's longest delay (about 24.8 days); a session is one hour anyway. */
const MAX_TIMER_MS = 2_147_483_647;
/** How long before the session ends an idle person is warned (any activity then renews it). */
export const EXPIRY_WARNING_MINUTES = 5;
const EXPIRY_WARNING_KEY = 'session-expiry-warning';

/** A token is still stored but no longer valid: the session ran out while the app was closed. */
const storedSessionExpired = () =>
  typeof window !== 'undefined' &&
  window.localStorage.getItem(SESSION_KEYS.accessToken) !== null &&
  readSession() === null;

function GoToSignIn() {
  const endedBecause = useAppSelector(selectSessionEndReason);
  // Read before the effect below clears the stored session.
  const [expiredWhileAway] = useState(storedSessionExpired);
  const expired = endedBecause === 'expired' || endedBecause === 'unauthorized' || expiredWhileAway;
  // A missing, expired or damaged stored session is cleared before the sign-in page shows.
  useEffect(() => {
    if (!readSession()) clearSession();
  }, []);
  return <Navigate to={expired ? `${appRoutes.signin}${SESSION_EXPIRED_QUERY}` : appRoutes.signin} replace />;
}

/**
 * The route guard of every shell route: no session → /signin. While the person works it renews
 * the session (session-renewal.ts); otherwise it warns a few minutes before the token expires,
 * signs out exactly when it does (even if no request is made), and when another tab signs out.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectSessionUser);
  const expiresAt = useAppSelector(selectSessionExpiry);
  const dispatch = useAppDispatch();
  const { notification } = useContext(AppContext);
  useSessionRenewal(user, expiresAt);
  useReturnToDraft(user?.id ?? null);

  useEffect(() => {
    if (!user || expiresAt === null) return undefined;
    const expire = () => {
      notification?.destroy(EXPIRY_WARNING_KEY);
      clearSession();
      dispatch(sessionEnded({ reason: 'expired' }));
    };
    const warn = () => {
      const minutes = Math.max(1, Math.round((expiresAt - Date.now()) / 60_000));
      notification?.warning({
        key: EXPIRY_WARNING_KEY,
        title: texts.session.expiresSoon(minutes),
        description: texts.session.expiresSoonDetail,
        duration: 0,
      });
    };
    const left = Math.max(0, expiresAt - Date.now());
    const timer = window.setTimeout(expire, Math.min(left, MAX_TIMER_MS));
    const warningAt = left - EXPIRY_WARNING_MINUTES * 60_000;
    const warningTimer =
      warningAt > 0 ? window.setTimeout(warn, Math.min(warningAt, MAX_TIMER_MS)) : undefined;
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
      // A renewed session (here or in another tab) no longer ends soon.
      notification?.destroy(EXPIRY_WARNING_KEY);
      window.clearTimeout(timer);
      window.clearTimeout(warningTimer);
      window.removeEventListener('storage', onStorage);
    };
  }, [user, expiresAt, dispatch, notification]);

  if (!user || expiresAt === null) return <GoToSignIn />;
  return children;
}
