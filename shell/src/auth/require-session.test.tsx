import { act, screen, waitFor } from '@testing-library/react';
import { addressBar, mockFetch, renderApp, testAdmin, testOfficer } from '../testing/render-app';
import { rememberDraftPage } from '@lender/shared/client/form-draft-store';
import { goToSignInPage } from './sign-in-navigation';

jest.mock('./sign-in-navigation');

const userRow = { ...testAdmin, is_active: true, created_at: '2026-01-05T08:00:00Z', last_login_at: null };
/** The app has handed over to the static sign-in page (a full page load to /signin). */
const leftForSignIn = async ({ expired }: { expired: boolean }) => {
  await waitFor(() => expect(goToSignInPage).toHaveBeenCalled());
  expect(goToSignInPage).toHaveBeenLastCalledWith({ expired });
  expect(addressBar()).toHaveTextContent(expired ? /^\/signin\?session=expired$/ : /^\/signin$/);
};

beforeEach(() => jest.mocked(goToSignInPage).mockClear());

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('session', () => {
  it('sends a visitor without a session to /signin', async () => {
    renderApp({ route: '/profile' });
    await leftForSignIn({ expired: false });
  });

  it('clears an expired stored session and goes to /signin', async () => {
    renderApp({ route: '/profile', user: testAdmin, expiresAt: Date.now() - 1000 });
    await leftForSignIn({ expired: true });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('access_token_expiry')).toBeNull();
  });

  it('warns an idle person five minutes before the token expires, then signs out exactly when it does, without any request', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { calls } = mockFetch([{ path: '/api/users/1', body: [userRow] }]);
    // Opened (its one request counts as activity) 25 minutes before the end, then left alone.
    renderApp({ route: '/profile', user: testAdmin, expiresAt: Date.now() + 25 * 60_000 });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(20 * 60_000 - 2_000);
    });
    expect(screen.queryByText('Your session expires in 5 minutes')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByText('Your session expires in 5 minutes')).toBeInTheDocument();
    expect(screen.getByText('Click or type anywhere to stay signed in.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/api/users/session/renew');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(4 * 60_000 + 58_000);
    });
    expect(goToSignInPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).not.toBeNull();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    expect(goToSignInPage).toHaveBeenCalledWith({ expired: true });
    expect(addressBar()).toHaveTextContent(/^\/signin\?session=expired$/);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('access_token_expiry')).toBeNull();
  });

  it('signs out when any request answers 401', async () => {
    mockFetch([
      { path: '/api/users/1', status: 401, body: { message: 'Session expired', error: 'Unauthorized' } },
    ]);
    renderApp({ route: '/profile', user: testAdmin });
    await leftForSignIn({ expired: true });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('hands /signin over to the static sign-in page (which sends a signed-in user on to /)', async () => {
    renderApp({ route: '/signin', user: testAdmin });
    await leftForSignIn({ expired: false });
  });

  it('after signing in again, goes back to the page where the same user left a draft, once', async () => {
    mockFetch([{ path: '/api/users/1', body: [userRow] }]);
    rememberDraftPage(testAdmin.id, '/profile');
    renderApp({ route: '/', user: testAdmin });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(addressBar()).toHaveTextContent(/^\/profile$/);
    expect(localStorage.getItem(`draft-return:${testAdmin.id}`)).toBeNull();
  });

  it("does not send another user to the page of someone else's draft", async () => {
    mockFetch([{ path: '/api/users/2', body: [{ ...userRow, ...testOfficer }] }]);
    rememberDraftPage(testAdmin.id, '/profile');
    renderApp({ route: '/change-password', user: testOfficer });
    await waitFor(() => expect(addressBar()).toHaveTextContent(/^\/change-password$/));
    expect(localStorage.getItem(`draft-return:${testAdmin.id}`)).toBe('/profile');
  });
});
