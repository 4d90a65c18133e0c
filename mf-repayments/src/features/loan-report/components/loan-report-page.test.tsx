import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanReportResponse, LoanReportSummary } from '@lender/shared/contract/reports';
import { buildLoanRow, buildPage } from '@lender/shared/testing/loan-builders.ts';
import { pickDate } from '@lender/shared/testing/pick-date.ts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { expectShownIn } from '@lender/shared/testing/expect-shown.ts';
import { renderListRow } from '@lender/shared/testing/find-row.ts';
import LoanReportPage from './loan-report-page';

const REPORT = '/api/loans/loan-reports';

const loan = buildLoanRow({
  id: 81,
  status: 'overdue',
  due_date: '2026-11-10',
  days_remaining: -4,
  days_overdue: 4,
  disbursement_date: '2026-11-03',
  paid_through_date: '2026-11-03',
  lock_date: '2026-11-10',
});

const summary: LoanReportSummary = {
  total_paid: 45_000,
  total_disbursed: 120_000,
  active_loans: 6,
  cleared_loans: 2,
  overdue_loans: 3,
  partially_paid_loans: 4,
  defaulted_loans: 1,
  repossessed_loans: 1,
  repossessed_collections: 1_500,
  par1: 12.5,
  par30: 3.25,
  collection_rate: 87.1,
};

const report = (overrides: Partial<LoanReportResponse> = {}): LoanReportResponse => ({
  period: 'all',
  start_date: null,
  end_date: null,
  loans: [loan],
  meta: buildPage([loan]).meta,
  summary,
  ...overrides,
});

const card = (title: string) => screen.getByLabelText(title, { selector: 'div' });

/** Renders the report (all, fetched once), then chooses `name` in the Period select. */
async function choosePeriod(name: string) {
  const user = userEvent.setup({ delay: null });
  const { calls } = mockFetch([{ path: REPORT, body: report() }]);
  renderWithProviders(<LoanReportPage />);
  await waitFor(() => expect(calls).toHaveLength(1));

  await user.click(screen.getByRole('combobox', { name: 'Period' }));
  await user.click(await screen.findByRole('option', { name }));
  return { user, calls };
}

describe('Loan report', () => {
  it('fetches all by default and shows the loans and the summary cards, PAR and collection rate included', async () => {
    const { calls, row } = await renderListRow(
      <LoanReportPage />,
      [{ path: REPORT, body: report() }],
      'Jane Wanjiru',
    );
    expect(within(row).getByText('Ksh 10,000.00')).toBeInTheDocument();
    expect(within(row).getByText('overdue')).toBeInTheDocument();
    expect(within(row).getByText(formatDay('2026-11-03'))).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`${REPORT}?period=all&page=1`);

    expectShownIn(card, {
      'Total Disbursed': 'Ksh 120,000.00',
      'Total Paid': 'Ksh 45,000.00',
      Overdue: '3',
      'Partially Paid': '4',
      'Repossessed Collections': 'Ksh 1,500.00',
      'PAR 1': '12.50%',
      'PAR 30': '3.25%',
      'Collection Rate (%)': '87.10%',
    });
  });

  it('a named period is sent as period', async () => {
    const { calls } = await choosePeriod('Last Month');

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(`${REPORT}?period=last_month&page=1`);
  });

  it('Custom Period fetches only once both dates are set, then sends period, start_date and end_date', async () => {
    const { user, calls } = await choosePeriod('Custom Period');
    const start = screen.getByLabelText('Start Date');
    await pickDate(user, start, '2026-11-01');
    expect(start).toHaveValue('2026-11-01');

    // Only a start date: no request, and nothing from the last period stays on screen.
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('Jane Wanjiru')).not.toBeInTheDocument();

    await pickDate(user, screen.getByLabelText('End Date'), '2026-11-15');

    await waitFor(() => expect(calls).toHaveLength(2));
    const url = new URL(calls[1]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe(REPORT);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      period: 'period',
      start_date: '2026-11-01',
      end_date: '2026-11-15',
      page: '1',
    });
    expect(await screen.findByText('Jane Wanjiru')).toBeInTheDocument();
  });

  it('pages through the period on the server with Next: the summary stays the whole period', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      {
        path: /^\/api\/loans\/loan-reports\?period=this_month&page=1$/,
        body: report({ period: 'this_month', meta: { page: 1, pageSize: 10, total: 11, totalPages: 2 } }),
      },
      {
        path: /^\/api\/loans\/loan-reports\?period=this_month&page=2$/,
        body: report({
          period: 'this_month',
          loans: [{ ...loan, id: 82, customer_name: 'Second Page' }],
          meta: { page: 2, pageSize: 10, total: 11, totalPages: 2 },
        }),
      },
    ]);
    // The filter is read from the URL, as a link or Back brings it.
    renderWithProviders(<LoanReportPage />, { route: '/loan-report?period=this_month' });
    expect(await screen.findByText('Jane Wanjiru')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      `${REPORT}?period=this_month&page=1`,
      `${REPORT}?period=this_month&page=2`,
    ]);
    expect(within(card('Total Disbursed')).getByText('Ksh 120,000.00')).toBeInTheDocument();
  });

  it('opens at the page of the URL, and a new period starts again at page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      { path: REPORT, body: report({ meta: { page: 3, pageSize: 10, total: 30, totalPages: 3 } }) },
    ]);
    renderWithProviders(<LoanReportPage />, { route: '/loan-report?page=3' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe(`${REPORT}?period=all&page=3`);

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(`${REPORT}?period=today&page=1`);
  });

  it('says so when the report cannot be fetched', async () => {
    mockFetch([{ path: REPORT, status: 500, body: { message: 'boom' } }]);
    renderWithProviders(<LoanReportPage />);
    expect(await screen.findByText('Failed to fetch loans.')).toBeInTheDocument();
  });
});
