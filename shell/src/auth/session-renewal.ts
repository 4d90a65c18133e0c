import { useEffect } from 'react';
import { useAppDispatch } from '@lender/shared/client/hooks';
import {
  lastActivityAt,
  noteActivity,
  saveSession,
  SESSION_LIFETIME_MS,
  sessionRenewed,
} from '@lender/shared/client/session';
import type { SessionUser } from '@lender/shared/contract/users';
import { useRenewSessionMutation } from '../app/shell-api';

/** A person who did something in the last 10 minutes is working (docs/product.md#states). */
export const ACTIVE_WITHIN_MS = 10 * 60_000;
/** The shell renews from 10 minutes before the token ends, before the 5-minute warning. */
export const RENEW_BEFORE_MS = 10 * 60_000;
/** After a failed attempt (offline), the next activity tries again no sooner than this. */
export const RENEW_RETRY_MS = 30_000;

/** The person's own doings the shell counts, on the whole document (remotes' pages included). */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Whether to renew now: the token is still valid, within its last RENEW_BEFORE_MS, and the person
 * was active in the last ACTIVE_WITHIN_MS. A person idle for the hour is never renewed.
 */
export function shouldRenew({
  now,
  expiresAt,
  lastActivity,
}: {
  now: number;
  expiresAt: number;
  lastActivity: number;
}): boolean {
  const idle = now - lastActivity; // negative after the device's clock was set back: not counted
  return now < expiresAt && now >= expiresAt - RENEW_BEFORE_MS && idle >= 0 && idle <= ACTIVE_WITHIN_MS;
}

/**
 * Renews the signed-in session while the person works, without a page change: a timer at the
 * start of the renewal window, and every activity after it, ask `shouldRenew`; the new token and
 * the user as the server knows them now are stored and handed to the store (`sessionRenewed`, which keeps
 * the cached data). The token's hour is counted on this device's clock from the request, so a
 * phone whose clock is off still renews and warns in time. The server may refuse (a signed-out,
 * deactivated or reset user: 401), and the base query then signs out.
 */
export function useSessionRenewal(user: SessionUser | null, expiresAt: number | null): void {
  const dispatch = useAppDispatch();
  const [renew] = useRenewSessionMutation();

  useEffect(() => {
    if (!user || expiresAt === null) return undefined;
    let inFlight = false;
    let failedAt = Number.NEGATIVE_INFINITY;
    let stopped = false;
    const attempt = () => {
      const now = Date.now();
      if (inFlight || now - failedAt < RENEW_RETRY_MS) return;
      if (!shouldRenew({ now, expiresAt, lastActivity: lastActivityAt() })) return;
      inFlight = true;
      renew()
        .unwrap()
        .then(({ access_token: token, user: renewed }) => {
          if (stopped) return;
          const session = { user: renewed, token, expiresAt: now + SESSION_LIFETIME_MS };
          saveSession(session.user, session.token, session.expiresAt);
          dispatch(sessionRenewed(session));
        })
        .catch(() => {
          failedAt = Date.now();
        })
        .finally(() => {
          inFlight = false;
        });
    };
    const onActivity = () => {
      noteActivity();
      attempt();
    };
    const timer = window.setTimeout(attempt, Math.max(0, expiresAt - RENEW_BEFORE_MS - Date.now()));
    for (const type of ACTIVITY_EVENTS)
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
    };
  }, [user, expiresAt, dispatch, renew]);
}
