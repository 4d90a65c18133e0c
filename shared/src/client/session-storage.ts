// The stored session without any library, so that the static sign-in page can use it too.
import type { SessionUser } from '../contract/users';
import { isRole } from '../domain/roles';

/** Browser storage keys of the docs/product.md#browser-data, once. */
export const SESSION_KEYS = {
  user: 'user',
  accessToken: 'access_token',
  token: 'token',
  accessTokenExpiry: 'access_token_expiry',
  userId: 'userId',
  customerId: 'customerId',
  legacyRole: 'role',
  legacyUserId: 'user_id',
  theme: 'theme',
} as const;

/** Session lifetime of the docs/product.md#constants: one hour from sign-in. */
export const SESSION_LIFETIME_MS = 3_600_000;

export interface StoredSession {
  user: SessionUser;
  token: string;
  expiresAt: number;
}

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

export function saveSession(
  user: SessionUser,
  token: string,
  expiresAt = Date.now() + SESSION_LIFETIME_MS,
): void {
  const s = storage();
  if (!s) return;
  s.setItem(SESSION_KEYS.user, JSON.stringify(user));
  s.setItem(SESSION_KEYS.accessToken, token);
  s.setItem(SESSION_KEYS.token, token);
  s.setItem(SESSION_KEYS.accessTokenExpiry, String(expiresAt));
  s.setItem(SESSION_KEYS.userId, String(user.id));
  s.setItem(SESSION_KEYS.legacyRole, user.role);
  s.setItem(SESSION_KEYS.legacyUserId, String(user.id));
}

/** Clears the stored session; the theme is a preference and stays. */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of [
    SESSION_KEYS.user,
    SESSION_KEYS.accessToken,
    SESSION_KEYS.token,
    SESSION_KEYS.accessTokenExpiry,
    SESSION_KEYS.userId,
    SESSION_KEYS.customerId,
    SESSION_KEYS.legacyRole,
    SESSION_KEYS.legacyUserId,
  ]) {
    s.removeItem(key);
  }
}

/** The stored session when present and not past its expiry; otherwise null. */
export function readSession(now = Date.now()): StoredSession | null {
  const s = storage();
  if (!s) return null;
  const token = s.getItem(SESSION_KEYS.accessToken);
  const expiresAt = Number(s.getItem(SESSION_KEYS.accessTokenExpiry));
  const rawUser = s.getItem(SESSION_KEYS.user);
  if (!token || !rawUser || !Number.isFinite(expiresAt) || expiresAt <= now) return null;
  try {
    const user = JSON.parse(rawUser) as SessionUser;
    if (typeof user?.id !== 'number' || !isRole(user.role)) return null;
    return { user, token, expiresAt };
  } catch {
    return null;
  }
}

export function getToken(now = Date.now()): string | null {
  return readSession(now)?.token ?? null;
}

/** The id stored under userId (the profile reads it, docs/product.md#profile), or null. */
export function getStoredUserId(): number | null {
  const value = Number(storage()?.getItem(SESSION_KEYS.userId));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function setChosenCustomer(customerId: number): void {
  storage()?.setItem(SESSION_KEYS.customerId, String(customerId));
}

export function getChosenCustomer(): number | null {
  const value = Number(storage()?.getItem(SESSION_KEYS.customerId));
  return Number.isInteger(value) && value > 0 ? value : null;
}
