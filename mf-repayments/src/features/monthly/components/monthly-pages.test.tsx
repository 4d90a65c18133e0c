import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildLoanRow, buildRepayment } from '@lender/shared/testing/loan-builders.ts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { currentMonth, monthLabel, shiftMonth } from '@lender/shared/ui/month-navigator.tsx';
import { MonthlyCollectionPage, MonthlyDisbursementPage } from './monthly-pages';

const loan = buildLoanRow({
  id: 71,
  due_date: '2026-11-21',
  disbursement_date: '2026-11-03',
  paid_through_date: '2026-11-14',
  lock_date: '2026-11-21',
});

const repayment = buildRepayment({
  id: 5,
  paid_date: '2026-11-10',
  due_date: '2026-11-14',
  created_at: '2026-11-10T08:00:00Z',
  approved_at: '2026-11-10T09:00:00Z',
});

const summary = { total_amount_sum: 150_000, target_amount: 200_000, deficit: 50_000, percentage: 75 };
const meta = (page: number, totalPages: number) => ({
  page,
  pageSize: 10,
  total: totalPages * 10,
  totalPages,
});
const LOANS = '/api/loans/monthly-active-loans';
const REPAYMENTS = '/api/repayments/monthly-approved';

describe('Monthly Disbursement', () => {
  it('shows the month’s count, total, target, deficit and percentage, and the loans', async () => {
    const { calls } = mockFetch([
      { path: LOANS, body: { loans: [loan], meta: meta(1, 1), summary: { ...summary, loan_count: 3 } } },
    ]);
    renderWithProviders(<MonthlyDisbursementPage />);

    const now = currentMonth();
    expect(screen.getByRole('heading', { name: 'Monthly Disbursement' })).toBeInTheDocument();
    expect(screen.getByText(monthLabel(now))).toBeInTheDocument();
    expect(await screen.findByText('Jane Wanjiru')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Loans disbursed' })).getByText('3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total' })).getByText('Ksh 150,000.00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Target' })).getByText('Ksh 200,000.00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Deficit' })).getByText('Ksh 50,000.00'),
    ).toBeInTheDocument();
    expect(screen.getByText('75.00%')).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`${LOANS}?role=admin&userId=1&month=${now.month}&year=${now.year}&page=1`);
  });

  it('says "No target set" instead of Ksh 0.00 and 0.00% when the month has no target, with a way to set one for admins', async () => {
    mockFetch([
      {
        path: LOANS,
        body: {
          loans: [loan],
          meta: meta(1, 1),
          summary: { ...summary, target_amount: 0, deficit: 0, percentage: 0 },
        },
      },
    ]);
    renderWithProviders(<MonthlyDisbursementPage />);

    expect(
      within(await screen.findByRole('group', { name: 'Target' })).getByText('No target set'),
    ).toBeInTheDocument();
    expect(screen.queryByText('0.00%')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a target in Monthly Targets' })).toHaveAttribute(
      'href',
      '/targets',
    );
  });

  it('Previous month fetches the month before and shows it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      { path: LOANS, body: { loans: [], meta: meta(1, 1), summary: { ...summary, loan_count: 0 } } },
    ]);
    renderWithProviders(<MonthlyDisbursementPage />);
    await waitFor(() => expect(calls).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Previous month' }));

    const previous = shiftMonth(currentMonth(), -1);
    expect(screen.getByText(monthLabel(previous))).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(
      `${LOANS}?role=admin&userId=1&month=${previous.month}&year=${previous.year}&page=1`,
    );
  });

  it('pages through the month on the server; the month and page come from the URL, a new month starts at page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      {
        path: /page=2$/,
        body: { loans: [loan], meta: meta(2, 3), summary: { ...summary, loan_count: 25 } },
      },
      {
        path: /page=3$/,
        body: {
          loans: [{ ...loan, id: 72, customer_name: 'Third Page' }],
          meta: meta(3, 3),
          summary: { ...summary, loan_count: 25 },
        },
      },
      { path: LOANS, body: { loans: [], meta: meta(1, 1), summary: { ...summary, loan_count: 0 } } },
    ]);
    renderWithProviders(<MonthlyDisbursementPage />, {
      route: '/monthly-active-loans?month=3&year=2025&page=2',
    });

    expect(screen.getByText('March 2025')).toBeInTheDocument();
    expect(await screen.findByText('Jane Wanjiru')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Loans disbursed' })).getByText('25'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Third Page')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.url)).toEqual([
      `${LOANS}?role=admin&userId=1&month=3&year=2025&page=2`,
      `${LOANS}?role=admin&userId=1&month=3&year=2025&page=3`,
      `${LOANS}?role=admin&userId=1&month=2&year=2025&page=1`,
    ]);
    expect(screen.getByText('February 2025')).toBeInTheDocument();
  });

  it('says so when the loans cannot be fetched', async () => {
    mockFetch([{ path: LOANS, status: 500, body: { message: 'boom' } }]);
    renderWithProviders(<MonthlyDisbursementPage />);
    expect(await screen.findByText('Failed to fetch loans.')).toBeInTheDocument();
  });
});

describe('Monthly Collection', () => {
  it('shows the repayments approved in the month and the summary', async () => {
    const { calls } = mockFetch([
      {
        path: REPAYMENTS,
        body: { repayments: [repayment], meta: meta(1, 1), summary: { ...summary, repayment_count: 7 } },
      },
    ]);
    renderWithProviders(<MonthlyCollectionPage />);

    expect(await screen.findByText('Peter Otieno')).toBeInTheDocument();
    // Paid on 10 November, approved at 12:00 Nairobi time the same day: both read as '10 Nov 2026'.
    expect(screen.getAllByText(formatDay('2026-11-10'))).toHaveLength(2);
    expect(
      within(screen.getByRole('group', { name: 'Repayments approved' })).getByText('7'),
    ).toBeInTheDocument();
    expect(screen.getByText('75.00%')).toBeInTheDocument();
    const now = currentMonth();
    expect(calls[0]?.url).toBe(
      `${REPAYMENTS}?role=admin&userId=1&month=${now.month}&year=${now.year}&page=1`,
    );
  });

  it('Export CSV asks for the whole month on screen, in its sort', async () => {
    const { calls } = mockFetch([
      {
        path: REPAYMENTS,
        body: { repayments: [repayment], meta: meta(1, 1), summary: { ...summary, repayment_count: 1 } },
      },
      { path: '/api/exports/monthly-repayments.csv', body: 'Repayment ID\r\n' },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MonthlyCollectionPage />, {
      route: '/monthly-approved-repayments?month=3&year=2025&sort=amount&order=desc&page=2',
    });
    await screen.findByText('Peter Otieno');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/exports/monthly-repayments.csv?month=3&year=2025&sort=amount&order=desc',
      ),
    );
  });

  it('says so when the repayments cannot be fetched', async () => {
    mockFetch([{ path: REPAYMENTS, status: 500, body: { message: 'boom' } }]);
    renderWithProviders(<MonthlyCollectionPage />);
    expect(await screen.findByText('Failed to fetch repayments.')).toBeInTheDocument();
  });
});
