import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
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

  it('lists the loan row columns; the defaulted list adds Default Date and Days Overdue and shows the promise', async () => {
    const restoreScreen = emulateScreenWidth(1280);
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
            promise_date: '2025-02-20',
            promise_amount: 2_500,
            promise_status: 'broken',
          }),
        ]),
      },
    ]);
    render('defaulted');

    const row = await findRow('Jane Wanjiru');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    for (const column of [
      'Customer',
      'Amount Due',
      'Loan Amount',
      'Arrears',
      'Balance / Paid',
      'Status / Device',
      'Days Overdue / Default Date',
      'Promise',
      'Actions',
    ]) {
      expect(headers).toContain(column);
    }
    // Days Remaining would say the same days again, and the Due Date is the Default Date's
    // business: both offered by the chooser, hidden at first (so the list fits 1280 px).
    expect(headers).not.toContain('Days Remaining');
    expect(headers).not.toContain('Due Date');
    expect(within(row).getByText(formatDay('2025-02-10'))).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();
    expect(within(row).getByText('defaulted')).toBeInTheDocument();
    expect(within(row).getByText('locked')).toBeInTheDocument();
    expect(within(row).getByText('Broken')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'View Jane Wanjiru' })).toBeInTheDocument();
    restoreScreen();
  });

  it.each([
    ['dueToday', '/api/loans/due-today'],
    ['dueTomorrow', '/api/loans/due-tomorrow'],
    ['due2to7', '/api/loans/due-2-7-days'],
    ['defaulted', '/api/loans/loan-details/defaulted'],
    ['active', '/api/loans/loan-details'],
  ] as const)(
    '%s shows the phone as a call link, the account number, the amount due now, the promise and Repay, Note, Lock and View',
    async (kind, path) => {
      const restoreScreen = emulateScreenWidth(1280);
      mockFetch([
        {
          path,
          body: buildLoansPage([
            buildLoanRow({
              customer_name: 'Jane Wanjiru',
              account_number: 'Y78VSHZ',
              phone: '+254712345678',
              amount_due: 3_360,
              device_status: 'waiting',
              promise_date: '2025-03-25',
              promise_amount: 1_500,
              promise_status: 'pending',
            }),
          ]),
        },
      ]);
      render(kind);
      const row = await findRow('Jane Wanjiru');
      expect(within(row).getByRole('link', { name: '+254712345678' })).toHaveAttribute(
        'href',
        'tel:+254712345678',
      );
      expect(within(row).getByText('A/C Y78VSHZ')).toBeInTheDocument();
      expect(within(row).getByText('Ksh 3,360.00')).toBeInTheDocument();
      expect(within(row).getByText('Pending')).toBeInTheDocument();
      expect(within(row).getByText('Ksh 1,500.00')).toBeInTheDocument();
      for (const action of ['Repay', 'Add note for', 'Lock', 'View']) {
        expect(within(row).getByRole('button', { name: `${action} Jane Wanjiru` })).toBeInTheDocument();
      }
      expect(screen.getByRole('searchbox', { name: 'Search by name or account number' })).toBeInTheDocument();
      restoreScreen();
    },
  );

  it('the cleared and repossessed lists offer View only', async () => {
    mockFetch([
      { path: '/api/loans/loan-details/paid', body: buildLoansPage([buildLoanRow({ status: 'paid' })]) },
    ]);
    render('paid');
    const row = await findRow('Jane Wanjiru');
    expect(within(row).getByRole('button', { name: 'View Jane Wanjiru' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Repay Jane Wanjiru' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Add note for Jane Wanjiru' })).not.toBeInTheDocument();
  });

  it('searches by name or account number on the server, the search kept in the URL', async () => {
    const { calls } = mockFetch([{ path: '/api/loans/due-today', body: buildLoansPage([buildLoanRow()]) }]);
    render('dueToday');
    await findRow('Jane Wanjiru');
    await userEvent
      .setup()
      .type(screen.getByRole('searchbox', { name: 'Search by name or account number' }), 'Y78VSHZ{enter}');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/loans/due-today?role=admin&officerId=1&page=1&search=Y78VSHZ',
      ),
    );
  });

  it('adds a note or promise from the row (the Add Note modal for that loan)', async () => {
    const { calls } = mockFetch([
      { path: '/api/loans/due-today', body: buildLoansPage([buildLoanRow({ id: 77 })]) },
      { method: 'POST', path: '/api/loans/notes/77', body: { message: 'Note added successfully!', id: 5 } },
    ]);
    render('dueToday');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add note for Jane Wanjiru' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    expect(within(dialog).getByLabelText('Type')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Note' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  describe('column chooser', () => {
    let restoreScreen: () => void;
    beforeEach(() => {
      localStorage.clear();
      restoreScreen = emulateScreenWidth(1280);
    });
    afterEach(() => restoreScreen());

    const headers = () =>
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent);

    it('offers the columns a person may hide, labelled, with the extra ones unchecked; essentials are not offered', async () => {
      mockFetch([{ path: '/api/loans/due-today', body: buildLoansPage([buildLoanRow()]) }]);
      render('dueToday');
      await findRow('Jane Wanjiru');
      await userEvent
        .setup({ delay: null })
        .click(screen.getByRole('button', { name: 'Columns of Due Today' }));
      const group = await screen.findByRole('group', { name: 'Columns shown in Due Today' });
      expect(within(group).getByRole('checkbox', { name: 'Paid Through' })).not.toBeChecked();
      expect(within(group).getByRole('checkbox', { name: 'Lock Date' })).not.toBeChecked();
      expect(within(group).getByRole('checkbox', { name: 'Balance / Paid' })).toBeChecked();
      expect(within(group).queryByRole('checkbox', { name: 'Customer' })).not.toBeInTheDocument();
      expect(within(group).queryByRole('checkbox', { name: 'Amount Due' })).not.toBeInTheDocument();
      expect(headers()).not.toContain('Lock Date');
    });

    it('shows and hides a column, and remembers the choice per list in the browser', async () => {
      mockFetch([
        {
          path: '/api/loans/due-today',
          body: buildLoansPage([buildLoanRow({ lock_date: '2099-03-17' })]),
        },
        { path: '/api/loans/due-tomorrow', body: buildLoansPage([buildLoanRow()]) },
      ]);
      const user = userEvent.setup({ delay: null });
      const { unmount } = render('dueToday');
      await findRow('Jane Wanjiru');
      await user.click(screen.getByRole('button', { name: 'Columns of Due Today' }));
      const group = await screen.findByRole('group', { name: 'Columns shown in Due Today' });
      await user.click(within(group).getByRole('checkbox', { name: 'Lock Date' }));
      await user.click(within(group).getByRole('checkbox', { name: 'Loan Amount' }));
      expect(headers()).toContain('Lock Date');
      expect(headers()).not.toContain('Loan Amount');
      expect(within(await findRow('Jane Wanjiru')).getByText(formatDay('2099-03-17'))).toBeInTheDocument();
      unmount();

      // Opened again: the same columns.
      const again = render('dueToday');
      await findRow('Jane Wanjiru');
      expect(headers()).toContain('Lock Date');
      expect(headers()).not.toContain('Loan Amount');
      again.unmount();

      // Another list keeps its own.
      render('dueTomorrow');
      await findRow('Jane Wanjiru');
      expect(headers()).not.toContain('Lock Date');
      expect(headers()).toContain('Loan Amount');
    });
  });

  it('on a 390 px phone a card is headed by the customer with the call link, the amount due among its figures', async () => {
    const restoreScreen = renderOnScreen(390, 'dueTomorrow', '/api/loans/due-tomorrow', {
      amount_due: 3_360,
      phone: '+254712345678',
    });
    const card = (await screen.findByText('Jane Wanjiru')).closest('li') as HTMLElement;
    expect(within(card).getByRole('link', { name: '+254712345678' })).toHaveAttribute(
      'href',
      'tel:+254712345678',
    );
    expect(within(card).getByText('Amount Due').closest('div')).toHaveTextContent('Amount DueKsh 3,360.00');
    expect(within(card).getByRole('button', { name: 'Repay Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
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
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Next' }));
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
