import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildDashboardAnalytics } from '@lender/shared/testing/loan-builders.ts';
import type { DashboardTrends, DashboardTrendWeek } from '@lender/shared/contract/dashboard';
import type { LoanRow, LoansPage } from '@lender/shared/contract/loans';
import {
  mockFetch,
  renderWithProviders,
  testOfficer,
} from '@lender/shared/testing/render-with-providers.tsx';
import DashboardPage from './dashboard-page';
import DashboardTrendsSection from './dashboard-trends';

const mondays = Array.from({ length: 12 }, (_, i) => {
  const day = new Date(Date.UTC(2025, 11, 29 + 7 * i));
  return day.toISOString().slice(0, 10);
});
const week = (i: number, figures: Partial<DashboardTrendWeek> = {}): DashboardTrendWeek => ({
  week_start: mondays[i] ?? '',
  week_end: mondays[i] ?? '',
  disbursed: 0,
  collected: 0,
  disbursement_target: 0,
  collection_target: 0,
  par30: null,
  par30_as_of: null,
  ...figures,
});
const trends = (officers: DashboardTrends['officers'] = []): DashboardTrends => ({
  today: '2026-03-20',
  weeks: mondays.map((_, i) =>
    i === 11
      ? week(i, {
          disbursed: 25000,
          collected: 2750,
          disbursement_target: 7000,
          collection_target: 700,
          par30: 12.5,
          par30_as_of: '2026-03-20',
        })
      : i === 10
        ? week(i, { disbursed: 10000, par30: 10, par30_as_of: '2026-03-15' })
        : week(i),
  ),
  officers,
});

const dueLoan = {
  id: 42,
  account_number: 'SC0042X',
  customer_name: 'Wanjiru Kamau',
  phone: '0712345678',
  arrears: 2750,
} as LoanRow;
const duePage = (rows: LoanRow[], total = rows.length): LoansPage => ({
  data: rows,
  meta: { page: 1, pageSize: 10, total, totalPages: Math.ceil(total / 10) },
});

const TRENDS = '/api/loans/dashboard/trends';
const DUE_TODAY = '/api/loans/due-today';

describe('Dashboard trends', () => {
  it("shows an officer their charts, named, with their figures in words, and today's due loans with a phone to call", async () => {
    mockFetch([
      { path: TRENDS, body: trends() },
      { path: DUE_TODAY, body: duePage([dueLoan], 23) },
    ]);
    renderWithProviders(<DashboardTrendsSection />, { user: testOfficer });

    const disbursed = await screen.findByRole('img', { name: 'Disbursed per week' });
    expect(disbursed).toHaveAccessibleDescription(
      `Ksh 35,000.00 over the 12 weeks from ${formatDay('2025-12-29')}; this week Ksh 25,000.00 against a target share of Ksh 7,000.00.`,
    );
    expect(screen.getByRole('img', { name: 'Collected per week' })).toHaveAccessibleDescription(
      `Ksh 2,750.00 over the 12 weeks from ${formatDay('2025-12-29')}; this week Ksh 2,750.00 against a target share of Ksh 700.00.`,
    );
    expect(screen.getByRole('img', { name: 'PAR30 by week' })).toHaveAccessibleDescription(
      `12.5% of the open balance more than 30 days late on ${formatDay('2026-03-20')}.`,
    );
    // Snapshots began in the eleventh week: the chart says since when.
    expect(screen.getByText(new RegExp(`Recorded since ${formatDay('2026-03-15')}`))).toBeInTheDocument();
    // An officer has no book to pick.
    expect(screen.queryByRole('combobox', { name: 'Officer' })).not.toBeInTheDocument();

    const due = screen.getByRole('region', { name: 'Due today' });
    expect(await within(due).findByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(within(due).getByRole('link', { name: 'Call Wanjiru Kamau on 0712345678' })).toHaveAttribute(
      'href',
      'tel:0712345678',
    );
    expect(within(due).getByText('Ksh 2,750.00 due')).toBeInTheDocument();
    expect(within(due).getByRole('link', { name: 'Loan SC0042X of Wanjiru Kamau' })).toHaveAttribute(
      'href',
      '/viewloan/42',
    );
    expect(within(due).getByRole('link', { name: 'See all 23' })).toHaveAttribute('href', '/due-today');
  });

  it('lets an admin pick an officer: the charts and the due loans are asked for that officer', async () => {
    const { calls } = mockFetch([
      { path: TRENDS, body: trends([{ id: 7, name: 'Amina Otieno' }]) },
      { path: DUE_TODAY, body: duePage([]) },
    ]);
    renderWithProviders(<DashboardTrendsSection />);

    const picker = await screen.findByRole('combobox', { name: 'Officer' });
    expect(within(picker).getByRole('option', { name: 'Whole book' })).toBeInTheDocument();
    expect(await screen.findByText('No loans are due today.')).toBeInTheDocument();
    await userEvent.selectOptions(picker, 'Amina Otieno');

    await waitFor(() => {
      expect(calls.some((c) => c.url.startsWith(TRENDS) && c.url.includes('officerId=7'))).toBe(true);
      expect(calls.some((c) => c.url.startsWith(DUE_TODAY) && c.url.includes('officerId=7'))).toBe(true);
    });
    expect(picker).toHaveValue('7');
  });

  it('loads under the cards of the dashboard', async () => {
    const analytics = buildDashboardAnalytics({
      due_today: 1,
      defaulted_loans: 0,
      cleared_loans: 0,
      repossessed: 0,
      amount_collected: 0,
      amount_financed: 0,
    });
    mockFetch([
      { path: '/api/loans/dashboard/analytics', body: analytics },
      { path: TRENDS, body: trends() },
      { path: DUE_TODAY, body: duePage([dueLoan]) },
    ]);
    renderWithProviders(<DashboardPage />, { user: testOfficer });

    expect(await screen.findByRole('img', { name: 'PAR30 by week' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Call Wanjiru Kamau on 0712345678' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/due-today');
  });
});
