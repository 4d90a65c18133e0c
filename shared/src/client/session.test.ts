import { testAdmin } from '../../testing/render-with-providers';
import { USER_TEXTS } from '../contract/users';
import {
  markPasswordChangeRequired,
  PASSWORD_TEXTS,
  SESSION_KEYS,
  SESSION_LIFETIME_MS,
  clearSession,
  getToken,
  readSession,
  saveSession,
  setChosenCustomer,
} from './session';

describe('stored session', () => {
  it('stores the user, both token keys, the expiry and the user id', () => {
    saveSession(testAdmin, 'jwt-1', 1_700_000_000_000);
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? '')).toMatchObject({ id: 1, role: 'admin' });
    expect(localStorage.getItem('access_token')).toBe('jwt-1');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('access_token_expiry')).toBe('1700000000000');
    expect(localStorage.getItem('userId')).toBe('1');
  });

  it('lasts one hour from sign-in when the server gives no expiry', () => {
    const before = Date.now();
    saveSession(testAdmin, 'jwt-1');
    const expiry = Number(localStorage.getItem('access_token_expiry'));
    expect(expiry).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
  });

  it('reads back a session that has not expired', () => {
    saveSession(testAdmin, 'jwt-1', 2_000);
    expect(readSession(1_999)).toEqual({ user: testAdmin, token: 'jwt-1', expiresAt: 2_000 });
    expect(getToken(1_999)).toBe('jwt-1');
  });

  it('treats a session at or past its expiry as signed out', () => {
    saveSession(testAdmin, 'jwt-1', 2_000);
    expect(readSession(2_000)).toBeNull();
    expect(getToken(5_000)).toBeNull();
  });

  it('treats a missing token, a missing expiry or a damaged user as signed out', () => {
    saveSession(testAdmin, 'jwt-1', 2_000);
    localStorage.removeItem('access_token');
    expect(readSession(1_000)).toBeNull();

    saveSession(testAdmin, 'jwt-1', 2_000);
    localStorage.removeItem('access_token_expiry');
    expect(readSession(1_000)).toBeNull();

    saveSession(testAdmin, 'jwt-1', 2_000);
    localStorage.setItem('user', '{not json');
    expect(readSession(1_000)).toBeNull();

    localStorage.setItem('user', JSON.stringify({ id: 1, role: 'owner' }));
    expect(readSession(1_000)).toBeNull();
  });

  it('clears the session keys and keeps the theme', () => {
    saveSession(testAdmin, 'jwt-1');
    setChosenCustomer(7);
    localStorage.setItem('theme', 'dark');
    clearSession();
    for (const key of ['user', 'access_token', 'token', 'access_token_expiry', 'userId', 'customerId']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('flags the stored user as having to change their password and keeps the token and expiry', () => {
    saveSession(testAdmin, 'jwt-1', Date.now() + 60_000);
    const before = readSession();
    markPasswordChangeRequired();
    expect(readSession()).toEqual({ ...before, user: { ...testAdmin, must_change_password: true } });
  });

  it('flags nothing when no one is signed in', () => {
    markPasswordChangeRequired();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('reads the password texts as the contract words them', () => {
    expect(PASSWORD_TEXTS.mustChangePassword).toBe(USER_TEXTS.mustChangePassword);
    expect(PASSWORD_TEXTS.passwordChanged).toBe(USER_TEXTS.passwordChanged);
  });
});
