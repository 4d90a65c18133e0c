import { formatDay } from '@lender/shared/domain/date-time';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { emulateScreenWidth } from '@lender/shared/testing/screen-width.ts';
import { buildLoanRow, buildLoansPage } from '@lender/shared/testing/loan-builders.ts';
import { findRow } from '@lender/shared/testing/find-row.ts';
import { LoanListPage } from './loan-list-page';
import type { LoanListName } from '@lender/shared/contract/loan-lists';
import type { LoanRow } from '@lender/shared/contract/loans';
import { listCalls } from '../../../components/testing/list-calls';

const render = (kind: LoanListName, route = '/list') =>
  renderWithProviders(<LoanListPage list={kind} />, { route, path: '/list' });

/**
 * On a screen `width` px wide, renders the `kind` list with `path` answering one loan row with
 * `loan`; returns the function that puts the screen back.
 */
function renderOnScreen(width: number, kind: LoanListName, path: string, loan: Partial<LoanRow>) {
  const restoreScreen = emulateScreenWidth(width);
  mockFetch([{ path, body: buildLoansPage([buildLoanRow(loan)]) }]);
  render(kind);
  return restoreScreen;
}

describe('loan lists', () => {
  it.each([
    ['dueToday', '/api/loans/due-today', 'Due Today', 'No loans are due today.'],
    ['dueTomorrow', '/api/loans/due-tomorrow', 'Due Tommorrow', 'No loans are due tomorrow.'],
    ['due2to7', '/api/loans/due-2-7-days', 'Due 2-7 days', 'No loans.'],
    ['paid', '/api/loans/loan-details/paid', 'Cleared Loans', 'No cleared loans yet.'],
    ['defaulted', '/api/loans/loan-details/defaulted', 'Defaulted Loans', 'No defaulted loans.'],
  ] as const)('%s reads %s and says "%s … %s" when it is empty', async (kind, path, title, empty) => {
    const { calls } = mockFetch([{ path, body: buildLoansPage([]) }]);
    render(kind);

    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(listCalls(calls)[0]?.url).toBe(`${path}?role=admin&officerId=1&page=1`);
  });

  it('filters each list by what its rows differ in: a due day has no date range, 2–7 days a due range', async () => {
    mockFetch([
      { path: '/api/loans/due-today', body: buildLoansPage([]) },
      { path: '/api/loans/due-2-7-days', body: buildLoansPage([]) },
    ]);
    const { unmount } = render('dueToday');
    await screen.findByText('No loans are due today.');
    const today = screen.getByRole('group', { name: 'Filters' });
    for (const name of ['Status', 'Device', 'Product', 'Officer']) {
      expect(within(today).getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(within(today).queryByLabelText('Due from')).not.toBeInTheDocument();
    unmount();

    render('due2to7');
    await screen.findByText('No loans.');
    expect(screen.getByLabelText('Due from')).toBeInTheDocument();
    expect(screen.getByLabelText('Due to')).toBeInTheDocument();
  });

  it('sends the sort and filters of the URL and marks the sorted column', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/loans/loan-details/defaulted',
        body: buildLoansPage([
          buildLoanRow({ customer_name: 'Jane Wanjiru', status: 'defaulted', days_overdue: 37 }),
        ]),
      },
    ]);
    render('defaulted', '/list?sort=days_overdue&order=desc&device=locked&from=2025-01-01');
    expect(await screen.findByText('Jane Wanjiru')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.url).toBe(
      '/api/loans/loan-details/defaulted?role=admin&officerId=1&page=1&sort=days_overdue&order=desc&device=locked&from=2025-01-01',
    );
    expect(screen.getAllByRole('columnheader', { name: /Days Overdue/ })[0]).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('says so when no loan matches the filters', async () => {
    mockFetch([{ path: '/api/loans/loan-details/paid', body: buildLoansPage([]) }]);
    render('paid', '/list?device=purchased');
    expect(await screen.findByText('No loans match the filters.')).toBeInTheDocument();
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

    const row = await findRow('Jane Wanjiru');
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
    expect(within(row).getByText(formatDay('2025-02-10'))).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();
    expect(within(row).getByText('defaulted')).toBeInTheDocument();
    expect(within(row).getByText('locked')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View Jane Wanjiru' })).toBeInTheDocument();
  });

  it('the due and defaulted lists show Paid Through and Lock Date; a passed lock date is tagged overdue in words', async () => {
    const restoreScreen = emulateScreenWidth(1280);
    mockFetch([
      {
        path: '/api/loans/due-today',
        body: buildLoansPage([
          buildLoanRow({ customer_name: 'Past Lock', paid_through_date: null, lock_date: '2025-03-10' }),
          buildLoanRow({
            customer_name: 'Future Lock',
            paid_through_date: '2099-03-10',
            lock_date: '2099-03-17',
          }),
          buildLoanRow({ customer_name: 'Paid Off', paid_through_date: '2025-03-31', lock_date: null }),
        ]),
      },
    ]);
    render('dueToday');

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.indexOf('Lock Date')).toBe(headers.indexOf('Paid Through') + 1);

    const past = await findRow('Past Lock');
    expect(within(past).getByText(formatDay('2025-03-10'))).toBeInTheDocument();
    const tag = within(past).getByText('overdue');
    expect(tag).toHaveClass('ant-tag-red');
    expect(tag).toHaveTextContent('overdue: the lock date has passed, the phone may be locked');

    const future = await findRow('Future Lock');
    expect(within(future).getByText(formatDay('2099-03-10'))).toBeInTheDocument();
    expect(within(future).getByText(formatDay('2099-03-17'))).toBeInTheDocument();
    expect(within(future).queryByText('overdue')).not.toBeInTheDocument();

    const paidOff = await findRow('Paid Off');
    expect(within(paidOff).getByText(formatDay('2025-03-31'))).toBeInTheDocument();
    expect(within(paidOff).getAllByText('N/A').length).toBeGreaterThan(0);
    restoreScreen();
  });

  it('on a 390 px phone the cards keep Lock Date and leave Paid Through out', async () => {
    const restoreScreen = renderOnScreen(390, 'dueTomorrow', '/api/loans/due-tomorrow', {
      paid_through_date: '2025-03-14',
      lock_date: '2025-03-21',
    });
    const card = (await screen.findByText('Jane Wanjiru')).closest('li') as HTMLElement;
    // Each figure is a <div> of its label (dt) and value (dd).
    expect(within(card).getByText('Lock Date').closest('div')).toHaveTextContent(
      `Lock Date${formatDay('2025-03-21')} overdue: the lock date has passed, the phone may be locked`,
    );
    expect(within(card).queryByText('Paid Through')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    restoreScreen();
  });

  it('the defaulted list shows Paid Through and Lock Date before Default Date', async () => {
    const restoreScreen = renderOnScreen(1280, 'defaulted', '/api/loans/loan-details/defaulted', {
      status: 'defaulted',
      lock_date: '2025-01-10',
    });
    await screen.findByText('Jane Wanjiru');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Paid Through', 'Lock Date', 'Default Date']));
    expect(headers.indexOf('Lock Date')).toBeLessThan(headers.indexOf('Default Date'));
    restoreScreen();
  });

  it('the cleared list has neither (nothing left to lock for)', async () => {
    mockFetch([{ path: '/api/loans/loan-details/paid', body: buildLoansPage([buildLoanRow()]) }]);
    render('paid');
    await screen.findByText('Jane Wanjiru');
    expect(screen.queryByRole('columnheader', { name: 'Lock Date' })).not.toBeInTheDocument();
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
    expect(listCalls(calls)).toHaveLength(2);
  });
});

describe('Repossessed Phones', () => {
  const repossessed = buildLoanRow({
    customer_name: 'Jane Wanjiru',
    officer_id: 2,
    status: 'repossessed',
    device_status: 'repossessed',
    model: 'Tecno Spark 20',
    imei_number: '356938035643809',
    repossessed_on: '2025-03-05',
    repossessed_balance: 8000,
  });

  it('shows the phone, when it was taken back, what was owed then and the officer; sorts by its own columns', async () => {
    const { calls } = mockFetch([
      { path: '/api/loans/loan-details/repossessed', body: buildLoansPage([repossessed]) },
      { path: '/api/users/officers', body: [{ id: 2, name: 'Brian Odhiambo', is_active: true }] },
      { path: '/api/loanProducts', body: [] },
    ]);
    render('repossessed', '/list?sort=repossessed_on&order=asc');

    expect(screen.getByRole('heading', { name: 'Repossessed Phones' })).toBeInTheDocument();
    const row = await findRow('Jane Wanjiru');
    for (const cell of ['Tecno Spark 20', '356938035643809', formatDay('2025-03-05'), 'Ksh 8,000.00']) {
      expect(within(row).getByText(cell)).toBeInTheDocument();
    }
    expect(await within(row).findByText('Brian Odhiambo')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.url).toBe(
      '/api/loans/loan-details/repossessed?role=admin&officerId=1&page=1&sort=repossessed_on&order=asc',
    );
    expect(screen.getAllByRole('columnheader', { name: /Repossessed On/ })[0]).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Its filters: product, officer and the repossession's dates; no status or device (all alike).
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'Officer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Repossessed from')).toBeInTheDocument();
  });

  it('says so when no phone was repossessed', async () => {
    mockFetch([{ path: '/api/loans/loan-details/repossessed', body: buildLoansPage([]) }]);
    render('repossessed');
    expect(await screen.findByText('No phones have been repossessed.')).toBeInTheDocument();
  });
});
