import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { injectApi } from '@lender/shared/client/store';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { loansApi } from '../../../api/loans-api';
import { buildLoanRow, buildLoansPage } from '../../../components/testing/loan-builders';
import { LoanListPage } from './loan-list-page';
import type { LoanListKind } from '../api/loan-lists-api';

beforeAll(() => injectApi(loansApi, DATA_TAGS));
afterEach(() => jest.restoreAllMocks());

const render = (kind: LoanListKind, route = '/list') =>
  renderWithProviders(<LoanListPage kind={kind} />, { route, path: '/list' });

describe('loan lists', () => {
  it.each([
    ['dueToday', '/api/loans/due-today', 'Due Today', 'No loans are due today.'],
    ['dueTomorrow', '/api/loans/due-tomorrow', 'Due Tommorrow', 'No loans are due tomorrow.'],
    ['due2to7', '/api/loans/due-2-7-days', 'Due 2-7 days', 'No loans.'],
    ['cleared', '/api/loans/loan-details/paid', 'Cleared Loans', 'No cleared loans yet.'],
    ['defaulted', '/api/loans/loan-details/defaulted', 'Defaulted Loans', 'No defaulted loans.'],
  ] as const)('%s reads %s and says "%s … %s" when it is empty', async (kind, path, title, empty) => {
    const { calls } = mockFetch([{ path, body: buildLoansPage([]) }]);
    render(kind);

    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`${path}?role=admin&officerId=1&page=1`);
  });

  it('lists the loan row columns, and the defaulted list adds Default Date and Days Overdue', async () => {
    mockFetch([
      {
        path: '/api/loans/loan-details/defaulted',
        body: buildLoansPage([
          buildLoanRow({
            customer_name: 'Jane Wanjiru',
            status: 'defaulted',
            default_date: '2025-02-10',
            days_overdue: 37,
            due_date: '2025-01-10',
            days_remaining: -37,
            device_status: 'locked',
          }),
        ]),
      },
    ]);
    render('defaulted');

    const row = (await screen.findByText('Jane Wanjiru')).closest('tr') as HTMLElement;
    const table = screen.getByRole('table');
    for (const column of [
      'Customer Name',
      'Loan Amount',
      'Balance',
      'Status',
      'Due Date',
      'Device Status',
      'Default Date',
      'Days Overdue',
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(within(row).getByText('2025-02-10')).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();
    expect(within(row).getByText('defaulted')).toBeInTheDocument();
    expect(within(row).getByText('locked')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View Jane Wanjiru' })).toBeInTheDocument();
  });

  it('other lists have no defaulted columns', async () => {
    mockFetch([{ path: '/api/loans/due-today', body: buildLoansPage([buildLoanRow()]) }]);
    render('dueToday');
    await screen.findByText('Jane Wanjiru');
    expect(screen.queryByRole('columnheader', { name: 'Default Date' })).not.toBeInTheDocument();
  });

  it('shows the server error message', async () => {
    mockFetch([{ path: '/api/loans/due-today', status: 500, body: { message: 'Database unavailable' } }]);
    render('dueToday');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('shows "Failed to fetch loans." when the server gives no message', async () => {
    mockFetch([{ path: '/api/loans/due-tomorrow', status: 502, body: {} }]);
    render('dueTomorrow');
    expect(await screen.findByText('Failed to fetch loans.')).toBeInTheDocument();
  });

  it('shows the unexpected-error text when the server cannot be reached', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    render('due2to7');
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
  });

  it('moves through the pages with Next', async () => {
    const { calls } = mockFetch([
      {
        path: /^\/api\/loans\/due-2-7-days\?.*page=1$/,
        body: buildLoansPage([buildLoanRow({ customer_name: 'First Page' })], { totalPages: 2 }),
      },
      {
        path: /^\/api\/loans\/due-2-7-days\?.*page=2$/,
        body: buildLoansPage([buildLoanRow({ customer_name: 'Second Page' })], { page: 2, totalPages: 2 }),
      },
    ]);
    render('due2to7');
    await screen.findByText('First Page');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
