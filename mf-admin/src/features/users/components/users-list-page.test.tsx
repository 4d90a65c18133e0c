import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { buildUser, buildUsersPage } from '@lender/shared/testing/user-builders.ts';
import { findRow } from '@lender/shared/testing/find-row.ts';
import UsersListPage from './users-list-page';

describe('All Users', () => {
  it('lists each user with name, role, e-mail, status and the date they joined', async () => {
    mockFetch([
      {
        path: '/api/users',
        body: buildUsersPage([
          buildUser({
            first_name: 'Amina',
            last_name: 'Odhiambo',
            role: 'admin',
            email: 'amina@lender.local',
          }),
          buildUser({
            first_name: 'Brian',
            last_name: 'Otieno',
            is_active: false,
            created_at: '2024-12-01T08:00:00Z',
          }),
        ]),
      },
    ]);
    renderWithProviders(<UsersListPage />);

    const amina = await findRow('Amina Odhiambo');
    expect(within(amina).getByText('Admin')).toBeInTheDocument();
    expect(within(amina).getByText('amina@lender.local')).toBeInTheDocument();
    expect(within(amina).getByText('Active')).toBeInTheDocument();
    expect(within(amina).getByText('14 Mar 2025')).toBeInTheDocument();

    const brian = screen.getByText('Brian Otieno').closest('tr') as HTMLElement;
    expect(within(brian).getByText('Officer')).toBeInTheDocument();
    expect(within(brian).getByText('Inactive')).toBeInTheDocument();
    expect(within(brian).getByText('1 Dec 2024')).toBeInTheDocument();
  });

  it('shows "Page x of y" and fetches the next page with Next', async () => {
    const { calls } = mockFetch([
      {
        path: /^\/api\/users\?page=1$/,
        body: buildUsersPage([buildUser({ first_name: 'First', last_name: 'Page' })], {
          page: 1,
          totalPages: 2,
        }),
      },
      {
        path: /^\/api\/users\?page=2$/,
        body: buildUsersPage([buildUser({ first_name: 'Second', last_name: 'Page' })], {
          page: 2,
          totalPages: 2,
        }),
      },
    ]);
    renderWithProviders(<UsersListPage />);

    expect(await screen.findByText('First Page')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const usersCalls = calls.filter((call) => call.url.startsWith('/api/users'));
    expect(usersCalls.map((call) => call.url)).toEqual(['/api/users?page=1', '/api/users?page=2']);
  });

  it('tells a caller the server refuses that they are not authorized to view the page', async () => {
    mockFetch([{ path: '/api/users', status: 403, body: { message: 'Forbidden', error: 'Forbidden' } }]);
    renderWithProviders(<UsersListPage />);

    expect(await screen.findByText('You are not authorized to view this page.')).toBeInTheDocument();
  });

  it('shows the unexpected-error text when the list fails otherwise', async () => {
    mockFetch([{ path: '/api/users', status: 500, body: { message: 'Internal Server Error' } }]);
    renderWithProviders(<UsersListPage />);

    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('sorts by a header click and filters by role, both in the URL, on the server', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/users',
        body: buildUsersPage([buildUser({ first_name: 'Amina', last_name: 'Odhiambo' })]),
      },
    ]);
    const person = userEvent.setup({ delay: null });
    renderWithProviders(<UsersListPage />, { route: '/all-users?role=officer' });
    await screen.findByText('Amina Odhiambo');

    await person.click(screen.getByRole('columnheader', { name: /Email/ }));
    await person.click(screen.getByRole('combobox', { name: 'Role' }));
    await person.click(await screen.findByTitle('Admin'));

    const lists = () => calls.map((call) => call.url).filter((url) => url.startsWith('/api/users?'));
    await waitFor(() =>
      expect(lists()).toEqual([
        '/api/users?page=1&role=officer',
        '/api/users?page=1&sort=email&order=asc&role=officer',
        '/api/users?page=1&sort=email&order=asc&role=admin',
      ]),
    );
    await person.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lists().at(-1)).toBe('/api/users?page=1&sort=email&order=asc'));
  });
});
