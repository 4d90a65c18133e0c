import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession } from '@lender/shared/client/session';
import { USER_TEXTS } from '@lender/shared/contract/users';
import { goToSignInPage } from '../auth/sign-in-navigation';
import { addressBar, mockFetch, officerWithTemporaryPassword, renderApp } from '../testing/render-app';

jest.mock('../auth/sign-in-navigation');

jest.mock('../remotes/load-remote-pages');

beforeEach(() => jest.mocked(goToSignInPage).mockClear());
afterEach(() => jest.restoreAllMocks());

async function fillChangePassword(next: string, confirm = next) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('heading', { name: 'Change your password' });
  await user.type(screen.getByLabelText('Current password'), 'Temporary-123');
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Change your password (a temporary password set by an admin)', () => {
  it('says why, and checks the new password as the profile does before sending it', async () => {
    const { calls } = mockFetch([]);
    renderApp({ route: '/change-password', user: officerWithTemporaryPassword });

    expect(await screen.findByText(USER_TEXTS.mustChangePassword)).toBeInTheDocument();
    expect(document.title).toBe('Change your password · Simu Credit');
    await fillChangePassword('my-own-password', 'my-own-passw0rd');

    expect(await screen.findByText('The new passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offers Sign out, which ends the session on the server and goes to /signin', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/users/logout', body: { message: 'Signed out' } },
    ]);
    renderApp({ route: '/change-password', user: officerWithTemporaryPassword });
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(goToSignInPage).toHaveBeenCalled());
    expect(addressBar()).toHaveTextContent(/^\/signin$/);
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/users/logout' })]);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('stores the new session and goes to the dashboard once the password is changed', async () => {
    const renewed = {
      message: USER_TEXTS.passwordChanged,
      access_token: 'token-after-change',
      expires_at: Date.now() + 3_600_000,
      user: { ...officerWithTemporaryPassword, must_change_password: false },
    };
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/users/me/password', body: renewed },
      { path: `/api/users/${officerWithTemporaryPassword.id}`, body: [] },
    ]);
    renderApp({ route: '/', user: officerWithTemporaryPassword });

    await fillChangePassword('my-own-password');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(addressBar()).toHaveTextContent(/^\/$/);
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/users/me/password',
      body: { currentPassword: 'Temporary-123', newPassword: 'my-own-password' },
    });
    expect(readSession()).toEqual({
      token: 'token-after-change',
      // An hour from the request on this device's clock.
      expiresAt: expect.any(Number),
      user: { ...officerWithTemporaryPassword, must_change_password: false },
    });
    expect(readSession()?.expiresAt).toBeGreaterThan(Date.now() + 59 * 60_000);
  });
});
