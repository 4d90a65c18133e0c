import { act, screen, waitFor } from '@testing-library/react';
import { readSession, saveSession } from '@lender/shared/client/session';
import { USER_TEXTS } from '@lender/shared/contract/users';
import { loadRemotePages } from '../remotes/load-remote-pages';
import {
  addressBar,
  mockFetch,
  officerWithTemporaryPassword,
  renderApp,
  testAdmin,
} from '../testing/render-app';
import { selectSessionExpiry, selectSessionUser } from './session-slice';
import { goToSignInPage } from './sign-in-navigation';

jest.mock('./sign-in-navigation');

jest.mock('../remotes/load-remote-pages');

beforeEach(() => {
  jest.mocked(goToSignInPage).mockClear();
  jest.mocked(loadRemotePages).mockClear();
});
afterEach(() => jest.restoreAllMocks());

describe('a temporary password is changed before anything else', () => {
  it.each(['/', '/customers', '/profile', '/no-such-page'])(
    'sends %s to "Change your password", loading and asking nothing else',
    async (route) => {
      const { calls } = mockFetch([]);
      renderApp({ route, user: officerWithTemporaryPassword });

      expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
      expect(screen.getByText(USER_TEXTS.mustChangePassword)).toBeInTheDocument();
      expect(addressBar()).toHaveTextContent(/^\/change-password$/);
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(loadRemotePages).not.toHaveBeenCalled();
      expect(calls).toEqual([]);
    },
  );

  it('goes there when any request is refused until the password is changed', async () => {
    mockFetch([
      {
        path: `/api/users/${testAdmin.id}`,
        status: 403,
        body: { error: 'Forbidden', message: USER_TEXTS.mustChangePassword },
      },
    ]);
    renderApp({ route: '/profile', user: testAdmin });

    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(addressBar()).toHaveTextContent(/^\/change-password$/);
    // A reload asks again: the stored user says so too.
    expect(readSession()?.user.must_change_password).toBe(true);
    expect(goToSignInPage).not.toHaveBeenCalled();
  });

  it('sends a user with nothing to change from /change-password to the dashboard', async () => {
    mockFetch([{ path: `/api/users/${testAdmin.id}`, body: [] }]);
    renderApp({ route: '/change-password', user: testAdmin });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(addressBar()).toHaveTextContent(/^\/$/);
  });

  it('lets this tab through once the password is changed in another tab', async () => {
    mockFetch([{ path: `/api/users/${officerWithTemporaryPassword.id}`, body: [] }]);
    const { store } = renderApp({ route: '/change-password', user: officerWithTemporaryPassword });
    await screen.findByRole('heading', { name: 'Change your password' });

    // The other tab stores the new session, as this one would.
    const expiresAt = Date.now() + 3_600_000;
    saveSession(
      { ...officerWithTemporaryPassword, must_change_password: false },
      'token-after-change',
      expiresAt,
    );
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token_expiry' }));
    });

    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Change your password' })).not.toBeInTheDocument(),
    );
    expect(selectSessionUser(store.getState())).toMatchObject({ must_change_password: false });
    expect(selectSessionExpiry(store.getState())).toBe(expiresAt);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(addressBar()).toHaveTextContent(/^\/$/);
  });
});
