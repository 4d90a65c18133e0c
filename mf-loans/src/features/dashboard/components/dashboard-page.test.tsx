import { screen, waitFor, within } from '@testing-library/react';
import { buildDashboardAnalytics } from '@lender/shared/testing/loan-builders.ts';
import {
  mockFetch,
  renderWithProviders,
  testOfficer,
} from '@lender/shared/testing/render-with-providers.tsx';
import { expectShownIn } from '@lender/shared/testing/expect-shown.ts';
import DashboardPage from './dashboard-page';

const analytics = buildDashboardAnalytics();

const ANALYTICS = { path: '/api/loans/dashboard/analytics', body: analytics };

const card = (title: string) => screen.getByText(title).closest('a, section') as HTMLElement;

describe('Dashboard', () => {
  it("says 'Loading...' until the figures arrive, then shows each card with its value", async () => {
    mockFetch([ANALYTICS]);
    renderWithProviders(<DashboardPage />);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Active Loans')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    expectShownIn(card, {
      'Active Loans': '12',
      'Due Today': '3',
      'Defaulted Loans': '1',
      'Cleared Loans': '40',
      Repossesed: '2',
      'Amount Collected': 'Ksh 152,300.50',
      'Amount Financed': 'Ksh 480,000.00',
    });
    expect(screen.queryByText('Repossessed')).not.toBeInTheDocument();
  });

  it('shows the Defaulted Loans card to an admin and hides it from an officer', async () => {
    mockFetch([ANALYTICS]);
    const { unmount } = renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('Defaulted Loans')).toBeInTheDocument();
    unmount();

    renderWithProviders(<DashboardPage />, { user: testOfficer });
    expect(await screen.findByText('Active Loans')).toBeInTheDocument();
    expect(screen.queryByText('Defaulted Loans')).not.toBeInTheDocument();
  });

  it('makes each count card a link to the list it counts', async () => {
    mockFetch([ANALYTICS]);
    renderWithProviders(<DashboardPage />);
    await screen.findByText('Active Loans');

    expect(screen.getByRole('link', { name: 'Active Loans 12' })).toHaveAttribute('href', '/loans');
    expect(screen.getByRole('link', { name: 'Due Today 3' })).toHaveAttribute('href', '/due-today');
    expect(screen.getByRole('link', { name: 'Defaulted Loans 1' })).toHaveAttribute('href', '/defaulted');
    expect(screen.getByRole('link', { name: 'Cleared Loans 40' })).toHaveAttribute('href', '/paid-loans');
    expect(screen.queryByRole('link', { name: /Amount/ })).not.toBeInTheDocument();
  });

  it('shows admins the M-Pesa Suspense card with the count and amount waiting, linking to the queue', async () => {
    const { calls } = mockFetch([
      ANALYTICS,
      { path: '/api/mpesa/suspense/summary', body: { waiting: 4, amount: 7250 } },
    ]);
    renderWithProviders(<DashboardPage />);

    const link = await screen.findByRole('link', { name: /M-Pesa Suspense/ });
    expect(link).toHaveAttribute('href', '/mpesa-suspense');
    expect(within(link).getByText('4')).toBeInTheDocument();
    expect(within(link).getByText('Ksh 7,250.00 waiting')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/mpesa/suspense/summary')).toBe(true);
  });

  it('shows admins the last backup, its size, and no warning while it is recent', async () => {
    mockFetch([
      ANALYTICS,
      {
        path: '/api/backups/status',
        body: {
          database: 'embedded',
          last_success: { finished_at: '2026-11-22T23:05:00.000Z', size_bytes: 45_100_000, kind: 'nightly' },
          overdue: false,
        },
      },
    ]);
    renderWithProviders(<DashboardPage />);

    expect(await screen.findByText('Last backup')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026, 02:05')).toBeInTheDocument();
    expect(screen.getByText('45.1 MB, nightly')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns admins when there has been no backup for 26 hours, or none at all', async () => {
    mockFetch([
      ANALYTICS,
      { path: '/api/backups/status', body: { database: 'embedded', last_success: null, overdue: true } },
    ]);
    renderWithProviders(<DashboardPage />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No backup has been taken yet')).toBeInTheDocument();
    expect(within(alert).getByText(/npm run backup/)).toBeInTheDocument();
  });

  it('says that a PostgreSQL server keeps its own backups', async () => {
    mockFetch([ANALYTICS, { path: '/api/backups/status', body: { database: 'postgres' } }]);
    renderWithProviders(<DashboardPage />);

    expect(await screen.findByText(/The database is on a PostgreSQL server/)).toBeInTheDocument();
  });

  it("never asks for the backups' status in an officer's browser", async () => {
    const { calls } = mockFetch([
      ANALYTICS,
      { path: '/api/backups/status', body: { database: 'embedded', last_success: null, overdue: true } },
    ]);
    renderWithProviders(<DashboardPage />, { user: testOfficer });

    expect(await screen.findByText('Active Loans')).toBeInTheDocument();
    expect(screen.queryByText('Backups')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/backups'))).toBe(false);
  });

  it("never asks for the suspense summary in an officer's browser", async () => {
    const { calls } = mockFetch([
      ANALYTICS,
      { path: '/api/mpesa/suspense/summary', body: { waiting: 4, amount: 7250 } },
    ]);
    renderWithProviders(<DashboardPage />, { user: testOfficer });

    expect(await screen.findByText('Active Loans')).toBeInTheDocument();
    expect(screen.queryByText('M-Pesa Suspense')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/mpesa'))).toBe(false);
  });

  it('shows admins the device problems, linking to Device Alerts, while a command fails or a phone is in an unexpected state', async () => {
    const { calls } = mockFetch([
      ANALYTICS,
      { path: '/api/device-commands/summary', body: { failing: 2, alerts: 1 } },
    ]);
    renderWithProviders(<DashboardPage />);

    const link = await screen.findByRole('link', { name: /Device problems/ });
    expect(link).toHaveAttribute('href', '/device-alerts');
    expect(within(link).getByText('3')).toBeInTheDocument();
    expect(within(link).getByText('Device commands failing: 2 · Device alerts: 1')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/device-commands/summary')).toBe(true);
  });

  it('shows no device problems card when there is none', async () => {
    const { calls } = mockFetch([
      ANALYTICS,
      { path: '/api/device-commands/summary', body: { failing: 0, alerts: 0 } },
    ]);
    renderWithProviders(<DashboardPage />);

    expect(await screen.findByText('Active Loans')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/device-commands/summary')).toBe(true));
    expect(screen.queryByText('Device problems')).not.toBeInTheDocument();
  });

  it("never asks for the device problems in an officer's browser", async () => {
    const { calls } = mockFetch([
      ANALYTICS,
      { path: '/api/device-commands/summary', body: { failing: 2, alerts: 1 } },
    ]);
    renderWithProviders(<DashboardPage />, { user: testOfficer });

    expect(await screen.findByText('Active Loans')).toBeInTheDocument();
    expect(screen.queryByText('Device problems')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/device-commands'))).toBe(false);
  });
});
