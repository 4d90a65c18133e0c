import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession } from '@lender/shared/client/session';
import { USER_TEXTS } from '@lender/shared/contract/users';
import type { FetchRoute } from '@lender/shared/testing/render-with-providers.tsx';
import { shellApi } from '../app/shell-api';
import { mockFetch, renderApp, testAdmin } from '../testing/render-app';

afterEach(() => jest.restoreAllMocks());

const storedUser = { ...testAdmin, id: 7 };
const serverUser = {
  id: 7,
  first_name: 'Amina',
  last_name: 'Odhiambo',
  email: 'amina@simucredit.co.ke',
  role: 'admin',
  avatar: null,
  is_active: true,
  created_at: '2026-01-05T08:00:00Z',
  last_login_at: '2026-11-22T06:15:00Z',
};

async function renderProfile(routes: FetchRoute[] = []) {
  const fetched = mockFetch([{ path: '/api/users/7', body: [serverUser] }, ...routes]);
  const { store } = renderApp({ route: '/profile', user: storedUser });
  await screen.findByText('amina@simucredit.co.ke');
  return { ...fetched, store };
}

describe('profile page', () => {
  it('shows the user fetched with the id stored under userId, and the real last sign-in in Nairobi time', async () => {
    const { calls } = await renderProfile();
    expect(calls.some((call) => call.url === '/api/users/7')).toBe(true);
    const details = screen.getByText('Personal Information').closest('.ant-descriptions') as HTMLElement;
    for (const [label, value] of [
      ['First Name', 'Amina'],
      ['Last Name', 'Odhiambo'],
      ['Email address', 'amina@simucredit.co.ke'],
      ['Role', 'Admin'],
      ['Last Login', '22 Nov 2026, 09:15'],
    ]) {
      expect(within(details).getByText(label as string)).toBeInTheDocument();
      expect(within(details).getByText(value as string)).toBeInTheDocument();
    }
  });

  it('opens Edit Information with sample values; Close and Save Changes close it and send nothing', async () => {
    const { calls } = await renderProfile();
    const requestsBefore = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Information')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Wanjiru');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(requestsBefore);
  });

  it('closes Edit Information on Escape', async () => {
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes Edit Information on a click on the backdrop', async () => {
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const backdrop = dialog.closest('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.mouseUp(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('changing one’s own password on the profile page', () => {
  const renewed = {
    message: USER_TEXTS.passwordChanged,
    access_token: 'token-after-change',
    expires_at: Date.now() + 3_600_000,
    user: storedUser,
  };

  async function fillChangePassword(current: string, next: string, confirm = next) {
    const user = userEvent.setup({ delay: null });
    const form = screen.getByRole('heading', { name: 'Change password' }).closest('.ant-card') as HTMLElement;
    await user.type(within(form).getByLabelText('Current password'), current);
    await user.type(within(form).getByLabelText('New password'), next);
    await user.type(within(form).getByLabelText('Confirm new password'), confirm);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    return form;
  }

  it('changes it, keeps the person signed in with the new token and says so', async () => {
    const { calls, spy, store } = await renderProfile([
      { method: 'POST', path: '/api/users/me/password', body: renewed },
    ]);
    const form = await fillChangePassword('old-password-1', 'new-password-2');

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/users/me/password',
      body: { currentPassword: 'old-password-1', newPassword: 'new-password-2' },
    });
    // Every older token stopped working: the answer's is the session now.
    expect(readSession()).toEqual({
      user: storedUser,
      token: 'token-after-change',
      // An hour from the request on this device's clock.
      expiresAt: expect.any(Number),
    });
    expect(readSession()?.expiresAt).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(screen.getByRole('status', { name: 'Address bar' })).toHaveTextContent(/^\/profile$/);
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));

    // Later requests carry the new token.
    await store.dispatch(shellApi.endpoints.getUserById.initiate(7, { forceRefetch: true }));
    const sent = spy.mock.calls.map(([request]) => (request as Request).headers.get('authorization'));
    expect(sent[0]).toBe('Bearer test-token');
    expect(sent.at(-1)).toBe('Bearer token-after-change');
  });

  it('asks for a new password of at least 8 characters, typed the same twice', async () => {
    const { calls } = await renderProfile();
    await fillChangePassword('old-password-1', 'short', 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    const newPassword = screen.getByLabelText('New password');
    await user.clear(newPassword);
    await user.type(newPassword, 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new passwords do not match')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a wrong current password under that field and stays signed in', async () => {
    await renderProfile([
      {
        method: 'POST',
        path: '/api/users/me/password',
        status: 400,
        body: {
          message: `currentPassword: ${USER_TEXTS.wrongCurrentPassword}`,
          errors: [{ field: 'currentPassword', msg: USER_TEXTS.wrongCurrentPassword }],
        },
      },
    ]);
    await fillChangePassword('not-my-password', 'new-password-2');

    expect(await screen.findByText(USER_TEXTS.wrongCurrentPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(readSession()?.token).toBe('test-token');
  });
});
