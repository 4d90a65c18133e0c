import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SIGN_IN_THROTTLE_TEXTS,
  type SignInThrottle,
  type SignInThrottlesPage,
} from '@lender/shared/contract/sign-in-throttles';
import { mockFetch, renderWithProviders, refusal } from '@lender/shared/testing/render-with-providers.tsx';
import { buildUser, buildUsersPage } from '@lender/shared/testing/user-builders.ts';
import UsersListPage from './users-list-page';

const pairThrottle: SignInThrottle = {
  id: 31,
  scope: 'pair',
  email: 'brian@lender.local',
  address: '197.248.10.4',
  failures: 7,
  last_failure_at: '2026-11-22T06:14:00Z',
  blocked_until: '2026-11-22T06:15:00Z',
};
const addressThrottle: SignInThrottle = {
  id: 32,
  scope: 'address',
  email: null,
  address: '41.90.64.12',
  failures: 12,
  last_failure_at: '2026-11-21T18:00:00Z',
  blocked_until: null,
};

const throttlesPage = (rows: SignInThrottle[], meta: Partial<SignInThrottlesPage['meta']> = {}) => ({
  data: rows,
  meta: { page: 1, pageSize: 10, total: rows.length, totalPages: rows.length ? 1 : 0, ...meta },
});
const users = { path: '/api/users', body: buildUsersPage([buildUser()]) };
const throttlesTable = async () => screen.findByRole('table', { name: 'Sign-in throttles' });
const rowOf = (table: HTMLElement, text: string) =>
  within(table).getByText(text).closest('tr') as HTMLElement;

describe('Sign-in throttles', () => {
  it('lists the throttles below the users: scope, e-mail, address, failures and until when, in Nairobi time', async () => {
    mockFetch([
      users,
      { path: '/api/sign-in-throttles', body: throttlesPage([pairThrottle, addressThrottle]) },
    ]);
    renderWithProviders(<UsersListPage />);

    expect(await screen.findByRole('heading', { name: 'Sign-in throttles' })).toBeInTheDocument();
    const table = await throttlesTable();
    const pair = await within(table).findByText('brian@lender.local');
    const pairRow = pair.closest('tr') as HTMLElement;
    expect(within(pairRow).getByText('Account + address')).toBeInTheDocument();
    expect(within(pairRow).getByText('197.248.10.4')).toBeInTheDocument();
    expect(within(pairRow).getByText('7')).toBeInTheDocument();
    expect(within(pairRow).getByText('22 Nov 2026, 09:15')).toBeInTheDocument();

    const addressRow = rowOf(table, '41.90.64.12');
    expect(within(addressRow).getByText('Address')).toBeInTheDocument();
    expect(within(addressRow).getByText('—')).toBeInTheDocument();
    expect(within(addressRow).getByText('12')).toBeInTheDocument();
    expect(within(addressRow).getByText('Not blocked')).toBeInTheDocument();

    // The users table comes first on the page.
    const tables = screen.getAllByRole('table');
    expect(tables.indexOf(screen.getByRole('table', { name: 'All Users' }))).toBeLessThan(
      tables.indexOf(table),
    );
  });

  it('says when there are none', async () => {
    mockFetch([users, { path: '/api/sign-in-throttles', body: throttlesPage([]) }]);
    renderWithProviders(<UsersListPage />);
    expect(await screen.findByText('No sign-in throttles.')).toBeInTheDocument();
  });

  it('pages through the throttles on the server, apart from the users', async () => {
    const { calls } = mockFetch([
      users,
      {
        path: /^\/api\/sign-in-throttles\?page=1$/,
        body: throttlesPage([pairThrottle], { totalPages: 2, total: 11 }),
      },
      {
        path: /^\/api\/sign-in-throttles\?page=2$/,
        body: throttlesPage([addressThrottle], { page: 2, totalPages: 2, total: 11 }),
      },
    ]);
    renderWithProviders(<UsersListPage />);
    const user = userEvent.setup({ delay: null });

    const table = await throttlesTable();
    await within(table).findByText('brian@lender.local');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page of sign-in throttles' }));

    expect(await within(table).findByText('41.90.64.12')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/users')).map((call) => call.url)).toEqual([
      '/api/users?page=1',
    ]);
  });

  it('clears a throttle after a confirmation, toasts the server’s answer and lists them again', async () => {
    const { calls } = mockFetch([
      users,
      { path: '/api/sign-in-throttles', body: throttlesPage([pairThrottle, addressThrottle]) },
      {
        method: 'DELETE',
        path: '/api/sign-in-throttles/31',
        body: { message: SIGN_IN_THROTTLE_TEXTS.cleared },
      },
    ]);
    renderWithProviders(<UsersListPage />);
    const user = userEvent.setup({ delay: null });

    const table = await throttlesTable();
    await within(table).findByText('brian@lender.local');
    await user.click(
      within(table).getByRole('button', { name: 'Clear throttle of brian@lender.local from 197.248.10.4' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clear this sign-in throttle?' });
    expect(within(dialog).getByText(/brian@lender\.local from 197\.248\.10\.4/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));

    expect(await screen.findByText(SIGN_IN_THROTTLE_TEXTS.cleared)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/sign-in-throttles/31',
    ]);
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/sign-in-throttles?'))).toHaveLength(2),
    );
  });

  it('shows the server’s reason when clearing fails', async () => {
    mockFetch([
      users,
      { path: '/api/sign-in-throttles', body: throttlesPage([addressThrottle]) },
      refusal('DELETE', '/api/sign-in-throttles/32', 404, 'Sign-in throttle not found'),
    ]);
    renderWithProviders(<UsersListPage />);
    const user = userEvent.setup({ delay: null });

    const table = await throttlesTable();
    await user.click(await within(table).findByRole('button', { name: 'Clear throttle of 41.90.64.12' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Clear this sign-in throttle?' })).getByRole(
        'button',
        {
          name: 'Clear',
        },
      ),
    );
    expect(await screen.findByText('Sign-in throttle not found')).toBeInTheDocument();
  });

  it('says when the throttles cannot be loaded, apart from the users list', async () => {
    mockFetch([
      users,
      { path: '/api/sign-in-throttles', status: 500, body: { message: 'Internal Server Error' } },
    ]);
    renderWithProviders(<UsersListPage />);
    expect(await screen.findByText('The sign-in throttles could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'All Users' })).toBeInTheDocument();
  });
});
