import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_TEXTS, type User } from '@lender/shared/contract/users';
import {
  mockFetch,
  renderWithProviders,
  testAdmin,
  type FetchRoute,
  refusal,
} from '@lender/shared/testing/render-with-providers.tsx';
import { buildUser, buildUsersPage } from '@lender/shared/testing/user-builders.ts';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import UsersListPage from './users-list-page';

const brian = () =>
  buildUser({ id: 12, first_name: 'Brian', last_name: 'Otieno', email: 'brian@lender.local' });
const noThrottles = {
  path: '/api/sign-in-throttles',
  body: { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 0 } },
};

/** The users page listing `users`, answering the given action requests too. */
async function renderUsers(users: User[], actions: FetchRoute[] = []) {
  const fetched = mockFetch([{ path: '/api/users', body: buildUsersPage(users) }, noThrottles, ...actions]);
  renderWithProviders(<UsersListPage />);
  await screen.findByText(`${users[0]?.first_name} ${users[0]?.last_name}`);
  return { ...fetched, user: userEvent.setup({ delay: null }) };
}

/** The users page listing Brian, answering POST /api/users/12/{action} with `body`. */
const renderBrianAnswering = (action: string, body: unknown) =>
  renderUsers([brian()], [{ method: 'POST', path: `/api/users/12/${action}`, body }]);

/** Clicks the button named `button` and returns the dialog named `title` it opens. */
async function openDialog(user: ReturnType<typeof userEvent.setup>, button: string, title: string) {
  await user.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const usersListLoads = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/users')).length;

describe('All Users: status', () => {
  it('says when a user must change their password, beside their status', async () => {
    await renderUsers([
      buildUser({ first_name: 'Halima', last_name: 'Abdi', must_change_password: true }),
      buildUser({ first_name: 'Brian', last_name: 'Otieno', is_active: false }),
    ]);
    expect(within(rowOf('Halima Abdi')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Halima Abdi')).getByText('Must change password')).toBeInTheDocument();
    expect(within(rowOf('Brian Otieno')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Brian Otieno')).queryByText('Must change password')).not.toBeInTheDocument();
  });
});

describe('All Users: edit', () => {
  it('edits a user’s name and role in a prefilled form, sending what changed, and toasts the answer', async () => {
    const edited = { ...brian(), last_name: 'Ouma', role: 'admin' as const };
    const { calls, user } = await renderUsers(
      [brian()],
      [
        {
          method: 'PATCH',
          path: '/api/users/12',
          body: { message: USER_TEXTS.updated, user: edited },
        },
      ],
    );

    await user.click(screen.getByRole('button', { name: 'Edit Brian Otieno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brian Otieno' });
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Brian');
    const lastName = within(dialog).getByLabelText('Last Name');
    expect(lastName).toHaveValue('Otieno');
    expect(within(dialog).getByText('Officer')).toBeInTheDocument();

    await replaceText(user, lastName, 'Ouma');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(USER_TEXTS.updated)).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch).toMatchObject({ url: '/api/users/12', body: { lastName: 'Ouma', role: 'admin' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again, so it shows the user as they are now.
    await waitFor(() => expect(usersListLoads(calls)).toBe(2));
  });

  it('requires a first and a last name', async () => {
    const { calls, user } = await renderUsers([brian()]);
    await user.click(screen.getByRole('button', { name: 'Edit Brian Otieno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Brian Otieno' });
    await user.clear(within(dialog).getByLabelText('First Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('keeps the dialog open with the server’s reason when it refuses (the last active admin)', async () => {
    const amina = buildUser({ id: 5, first_name: 'Halima', last_name: 'Abdi', role: 'admin' });
    const { user } = await renderUsers(
      [amina],
      [refusal('PATCH', '/api/users/5', 409, USER_TEXTS.lastAdmin, { error: 'Conflict' })],
    );
    await user.click(screen.getByRole('button', { name: 'Edit Halima Abdi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Halima Abdi' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Officer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(USER_TEXTS.lastAdmin)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Halima Abdi' })).toBeInTheDocument();
  });
});

describe('All Users: deactivate and reactivate', () => {
  it('deactivates a user after a dialog naming them, and toasts the server’s answer', async () => {
    const { calls, user } = await renderBrianAnswering('deactivate', {
      message: USER_TEXTS.deactivated,
      user: { ...brian(), is_active: false },
    });
    const dialog = await openDialog(user, 'Deactivate Brian Otieno', 'Deactivate Brian Otieno?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText(USER_TEXTS.deactivated)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/users/12/deactivate',
    ]);
    await waitFor(() => expect(usersListLoads(calls)).toBe(2));
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const { calls, user } = await renderUsers([brian()]);
    const dialog = await openDialog(user, 'Deactivate Brian Otieno', 'Deactivate Brian Otieno?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s reason when deactivating is refused', async () => {
    const { user } = await renderUsers(
      [brian()],
      [refusal('POST', '/api/users/12/deactivate', 409, USER_TEXTS.lastAdmin, { error: 'Conflict' })],
    );
    const dialog = await openDialog(user, 'Deactivate Brian Otieno', 'Deactivate Brian Otieno?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(USER_TEXTS.lastAdmin)).toBeInTheDocument();
  });

  it('reactivates a deactivated user after a dialog naming them', async () => {
    const inactive = { ...brian(), is_active: false };
    const { calls, user } = await renderUsers(
      [inactive],
      [
        {
          method: 'POST',
          path: '/api/users/12/reactivate',
          body: { message: USER_TEXTS.reactivated, user: brian() },
        },
      ],
    );
    const row = rowOf('Brian Otieno');
    expect(within(row).queryByRole('button', { name: /^Deactivate/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Reactivate Brian Otieno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Brian Otieno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByText(USER_TEXTS.reactivated)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/users/12/reactivate')).toBe(
      true,
    );
  });

  it('offers no Deactivate on the signed-in admin’s own row', async () => {
    await renderUsers([
      buildUser({ id: testAdmin.id, first_name: 'Amina', last_name: 'Odhiambo', role: 'admin' }),
      brian(),
    ]);
    const own = rowOf('Amina Odhiambo');
    expect(within(own).getByRole('button', { name: 'Edit Amina Odhiambo' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(
      within(rowOf('Brian Otieno')).getByRole('button', { name: 'Deactivate Brian Otieno' }),
    ).toBeInTheDocument();
  });
});

describe('All Users: reset password', () => {
  it('sets a temporary password of at least 8 characters and says the user must change it', async () => {
    const { calls, user } = await renderBrianAnswering('reset-password', {
      message: USER_TEXTS.passwordReset,
      user: { ...brian(), must_change_password: true },
    });
    const dialog = await openDialog(
      user,
      'Reset password for Brian Otieno',
      'Reset password for Brian Otieno',
    );
    expect(
      within(dialog).getByText(/must change this temporary password at their next sign-in/),
    ).toBeInTheDocument();

    const password = within(dialog).getByLabelText('Temporary password');
    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(password, '-enough');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(USER_TEXTS.passwordReset)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/users/12/reset-password',
      body: { password: 'short-enough' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
