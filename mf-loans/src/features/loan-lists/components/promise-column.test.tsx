import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { emulateScreenWidth } from '@lender/shared/testing/screen-width.ts';
import { buildLoanRow, buildLoansPage } from '@lender/shared/testing/loan-builders.ts';
import { findRow } from '@lender/shared/testing/find-row.ts';
import { listCalls } from '../../../components/testing/list-calls';
import { LoanListPage } from './loan-list-page';

const promised = buildLoansPage([
  buildLoanRow({
    customer_name: 'Jane Wanjiru',
    promise_date: '2025-03-13',
    promise_amount: 1500,
    promise_status: 'broken',
  }),
  buildLoanRow({ id: 8, customer_name: 'Peter Mwangi' }),
]);

describe('the loan lists’ latest promise to pay', () => {
  it('the due lists show the latest promise with its Kept / Pending / Broken tag', async () => {
    const restoreScreen = emulateScreenWidth(1280);
    mockFetch([{ path: '/api/loans/due-2-7-days', body: promised }]);
    renderWithProviders(<LoanListPage list="due2to7" />, { route: '/list', path: '/list' });

    const row = await findRow('Jane Wanjiru');
    expect(screen.getByRole('columnheader', { name: 'Promise' })).toBeInTheDocument();
    expect(within(row).getByText(new RegExp(formatDay('2025-03-13')))).toBeInTheDocument();
    expect(within(row).getByText(/1,500\.00/)).toBeInTheDocument();
    expect(within(row).getByText('Broken')).toBeInTheDocument();
    const other = screen.getByText('Peter Mwangi').closest('tr') as HTMLElement;
    expect(within(other).queryByText('Broken')).not.toBeInTheDocument();
    restoreScreen();
  });

  it('filters by the promise from the URL, and the Promise select puts its choice in the URL and the request', async () => {
    const { calls } = mockFetch([{ path: '/api/loans/loan-details/defaulted', body: promised }]);
    renderWithProviders(<LoanListPage list="defaulted" />, {
      route: '/list?promise=broken',
      path: '/list',
    });
    await screen.findByText('Jane Wanjiru');
    expect(listCalls(calls)[0]?.url).toBe(
      '/api/loans/loan-details/defaulted?role=admin&officerId=1&page=1&promise=broken',
    );

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Promise' }));
    // The option as shown (the listbox's role=option items are antd's screen-reader copies).
    await user.click(await screen.findByTitle('Promise kept'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/loans/loan-details/defaulted?role=admin&officerId=1&page=1&promise=kept',
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Promise' }));
    await user.click(await screen.findByTitle('Any promise'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/loans/loan-details/defaulted?role=admin&officerId=1&page=1',
      ),
    );
  });

  it('the cleared list has no promise column or filter', async () => {
    mockFetch([{ path: '/api/loans/loan-details/paid', body: buildLoansPage([]) }]);
    renderWithProviders(<LoanListPage list="paid" />, { route: '/list', path: '/list' });
    await screen.findByText('No cleared loans yet.');
    expect(screen.queryByRole('combobox', { name: 'Promise' })).not.toBeInTheDocument();
  });
});
