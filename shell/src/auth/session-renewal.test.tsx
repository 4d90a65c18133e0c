import { act, fireEvent, screen } from '@testing-library/react';
import { readSession } from '@lender/shared/client/session';
import { addressBar, mockFetch, renderApp, testAdmin } from '../testing/render-app';
import { ACTIVE_WITHIN_MS, RENEW_BEFORE_MS, shouldRenew } from './session-renewal';
import { goToSignInPage } from './sign-in-navigation';

jest.mock('./sign-in-navigation');

const MINUTE = 60_000;
const userRow = { ...testAdmin, is_active: true, created_at: '2026-01-05T08:00:00Z', last_login_at: null };
const renewed = (token: string) => ({
  message: 'Session renewed',
  access_token: token,
  expires_at: Date.now() + 60 * MINUTE,
  user: testAdmin,
});
const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
/** The person does something on the page (a key press anywhere counts). */
const work = () => fireEvent.keyDown(document.body, { key: 'a' });

beforeEach(() => {
  jest.mocked(goToSignInPage).mockClear();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('shouldRenew', () => {
  const expiresAt = 1_800_000_000_000;

  it('renews an active person in the last ten minutes of the token', () => {
    const now = expiresAt - RENEW_BEFORE_MS;
    expect(shouldRenew({ now, expiresAt, lastActivity: now - ACTIVE_WITHIN_MS })).toBe(true);
    expect(shouldRenew({ now: expiresAt - 1, expiresAt, lastActivity: expiresAt - 2 })).toBe(true);
  });

  it('does not renew earlier, nor a person idle for more than ten minutes, nor an expired token', () => {
    expect(
      shouldRenew({
        now: expiresAt - RENEW_BEFORE_MS - 1,
        expiresAt,
        lastActivity: expiresAt - RENEW_BEFORE_MS - 1,
      }),
    ).toBe(false);
    const now = expiresAt - MINUTE;
    expect(shouldRenew({ now, expiresAt, lastActivity: now - ACTIVE_WITHIN_MS - 1 })).toBe(false);
    expect(shouldRenew({ now: expiresAt, expiresAt, lastActivity: expiresAt })).toBe(false);
  });
});

describe('session renewal in the shell', () => {
  it('keeps a working person signed in past the hour, without a page change, renewing each token once', async () => {
    const { calls } = mockFetch([
      { path: '/api/users/1', body: [userRow] },
      { method: 'POST', path: '/api/users/session/renew', body: renewed('renewed-token') },
    ]);
    renderApp({ route: '/profile', user: testAdmin, expiresAt: Date.now() + 60 * MINUTE });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    const renewals = () => calls.filter((call) => call.url === '/api/users/session/renew').length;

    // Working: a key press every five minutes for 115 minutes.
    for (let minute = 5; minute <= 115; minute += 5) {
      await advance(5 * MINUTE);
      work();
      await advance(0);
    }
    expect(renewals()).toBe(2); // at 50 minutes, and 50 minutes into the renewed token (100)
    expect(goToSignInPage).not.toHaveBeenCalled();
    expect(addressBar()).toHaveTextContent(/^\/profile$/);
    expect(readSession()?.token).toBe('renewed-token');
    expect(readSession()!.expiresAt).toBeGreaterThan(Date.now() + 25 * MINUTE);
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText(/Your session expires in/)).not.toBeInTheDocument();
  });

  it('an idle person who comes back after the warning is renewed by their first key press', async () => {
    const { calls } = mockFetch([
      { path: '/api/users/1', body: [userRow] },
      { method: 'POST', path: '/api/users/session/renew', body: renewed('renewed-token') },
    ]);
    renderApp({ route: '/profile', user: testAdmin, expiresAt: Date.now() + 30 * MINUTE });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await advance(26 * MINUTE);
    expect(await screen.findByText('Your session expires in 5 minutes')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/users/session/renew')).toBe(false);

    work();
    await advance(0);
    expect(readSession()?.token).toBe('renewed-token');
    await advance(10 * MINUTE);
    expect(goToSignInPage).not.toHaveBeenCalled();
    expect(screen.queryByText(/Your session expires in/)).not.toBeInTheDocument();
  });

  it('a person idle for the hour is signed out when the token ends, never renewed', async () => {
    const { calls } = mockFetch([
      { path: '/api/users/1', body: [userRow] },
      { method: 'POST', path: '/api/users/session/renew', body: renewed('renewed-token') },
    ]);
    renderApp({ route: '/profile', user: testAdmin, expiresAt: Date.now() + 60 * MINUTE });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await advance(60 * MINUTE);
    expect(goToSignInPage).toHaveBeenCalledWith({ expired: true });
    expect(calls.some((call) => call.url === '/api/users/session/renew')).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('a renewal the server refuses (signed out elsewhere, deactivated) signs out', async () => {
    mockFetch([
      { path: '/api/users/1', body: [userRow] },
      {
        method: 'POST',
        path: '/api/users/session/renew',
        status: 401,
        body: { message: 'You have been signed out. Please sign in again.', error: 'Unauthorized' },
      },
    ]);
    renderApp({ route: '/profile', user: testAdmin, expiresAt: Date.now() + 12 * MINUTE });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await advance(2 * MINUTE);
    work();
    await advance(0);
    expect(goToSignInPage).toHaveBeenCalledWith({ expired: true });
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
