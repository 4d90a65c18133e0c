import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockFetch,
  testOfficer,
  type FetchRoute,
  refusal,
} from '@lender/shared/testing/render-with-providers.tsx';
import { emulateScreenWidth } from '@lender/shared/testing/screen-width.ts';
import { renderAtRoute } from '@lender/shared/testing/render-at-route.tsx';
import { confirmPut, openConfirmation } from '@lender/shared/testing/confirm-put.ts';
import { buildLoanRow, buildLoansPage } from '@lender/shared/testing/loan-builders.ts';
import { findRow } from '@lender/shared/testing/find-row.ts';
import { LoanListPage } from './loan-list-page';
import { listCalls } from '../../../components/testing/list-calls';

const LIST = /^\/api\/loans\/loan-details\?/;
const jane = buildLoanRow({
  id: 41,
  customer_name: 'Jane Wanjiru',
  total_amount: 12_000,
  arrears: 1_500,
  amount_due: 1_750,
  paid_amount: 3_000,
  remaining_balance: 9_000,
  status: 'overdue',
  due_date: '2025-03-21',
  days_remaining: -2,
  device_status: 'waiting',
});
const otieno = buildLoanRow({
  id: 42,
  customer_name: 'Otieno Ouma',
  status: 'active',
  due_date: null,
  days_remaining: null,
  device_status: 'active',
});

/** Opens Jane's Repayment modal, types `amount` and an M-Pesa code and saves; answers the modal. */
async function repayJane(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.click(await screen.findByRole('button', { name: 'Repay Jane Wanjiru' }));
  const dialog = await screen.findByRole('dialog', { name: 'Repayment' });
  await user.type(within(dialog).getByLabelText('Amount'), amount);
  await user.type(within(dialog).getByLabelText('Mpesa Code'), 'QWE123RTY9');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  return dialog;
}

function renderPage(routes: FetchRoute[], options: { user?: typeof testOfficer; route?: string } = {}) {
  const fetchMock = mockFetch(routes);
  renderAtRoute('/loans', <LoanListPage list="active" />, {
    route: options.route ?? '/loans',
    user: options.user,
  });
  return fetchMock;
}

describe('Active Loans', () => {
  // A desktop, where every column shows (some are left out on narrower screens).
  let restoreScreen: () => void;
  beforeEach(() => {
    restoreScreen = emulateScreenWidth(1280);
  });
  afterEach(() => restoreScreen());

  it('shows the loan columns, the amounts in Ksh, both badges and N/A for a loan without a due date', async () => {
    renderPage([{ path: LIST, body: buildLoansPage([jane, otieno]) }]);

    const table = await screen.findByRole('table');
    for (const column of [
      'Customer',
      'Amount Due',
      'Loan Amount',
      'Arrears',
      'Balance / Paid',
      'Status / Device',
      'Due Date',
      'Days Remaining',
      'Promise',
      'Actions',
    ]) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const row = await findRow('Jane Wanjiru');
    // The customer's cell: the name, the paybill account number and the phone to call.
    expect(within(row).getByText(`A/C ${jane.account_number}`)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: jane.phone })).toHaveAttribute('href', `tel:${jane.phone}`);
    expect(within(row).getByText('Ksh 12,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Ksh 1,750.00')).toBeInTheDocument();
    expect(within(row).getByText('Ksh 1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('Ksh 3,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Ksh 9,000.00')).toBeInTheDocument();
    expect(within(row).getByText('overdue')).toBeInTheDocument();
    expect(within(row).getByText(formatDay('2025-03-21'))).toBeInTheDocument();
    // Overdue is said as such, never as a negative number of days remaining.
    expect(within(row).getByText('2 days overdue')).toBeInTheDocument();
    expect(within(row).queryByText('-2')).not.toBeInTheDocument();
    expect(within(row).getByText('waiting')).toBeInTheDocument();

    const other = await findRow('Otieno Ouma');
    // No due date, no days remaining and no promise.
    expect(within(other).getAllByText('N/A')).toHaveLength(3);
  });

  it('reads an unknown device status as Unknown', async () => {
    renderPage([
      {
        path: LIST,
        body: buildLoansPage([buildLoanRow({ customer_name: 'Mary Achieng', device_status: null })]),
      },
    ]);
    const row = await findRow('Mary Achieng');
    expect(within(row).getByText('Unknown')).toBeInTheDocument();
  });

  it("shows the phone's lock state beside the device status, and a named sign for a device alert", async () => {
    renderPage([
      {
        path: LIST,
        body: buildLoansPage([
          { ...jane, device_status: 'locked', device_lock_state: 'lock_requested' },
          {
            ...otieno,
            device_lock_state: 'unlocked',
            device_alert: 'Reported locked without a lock command',
          },
        ]),
      },
    ]);
    const row = await findRow('Jane Wanjiru');
    expect(within(row).getByText('locked')).toBeInTheDocument();
    expect(within(row).getByText('lock requested')).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: /^Device alert/ })).not.toBeInTheDocument();

    const other = await findRow('Otieno Ouma');
    expect(within(other).getByText('phone unlocked')).toBeInTheDocument();
    expect(
      within(other).getByRole('img', { name: 'Device alert: Reported locked without a lock command' }),
    ).toBeInTheDocument();
  });

  it('offers Lock only for a phone waiting for a lock, and only to admins', async () => {
    renderPage([{ path: LIST, body: buildLoansPage([jane, otieno]) }]);
    expect(await screen.findByRole('button', { name: 'Lock Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock Otieno Ouma' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Repay Otieno Ouma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Otieno Ouma' })).toBeInTheDocument();
  });

  it('disables Lock, saying why, while a repayment of the loan awaits approval', async () => {
    renderPage([{ path: LIST, body: buildLoansPage([{ ...jane, repayment_pending: true }]) }]);
    const lock = await screen.findByRole('button', { name: 'Lock Jane Wanjiru' });
    expect(lock).toBeDisabled();
    expect(lock).toHaveAccessibleDescription('A repayment for this loan is awaiting approval');
    await userEvent.setup({ delay: null }).hover(lock.parentElement ?? lock);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'A repayment for this loan is awaiting approval',
    );
  });

  it('does not offer Lock to officers', async () => {
    renderPage([{ path: LIST, body: buildLoansPage([jane]) }], { user: testOfficer });
    expect(await screen.findByRole('button', { name: 'Repay Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock Jane Wanjiru' })).not.toBeInTheDocument();
  });

  it('asks before locking, then locks the phone and says so', async () => {
    const { calls } = renderPage([
      { path: LIST, body: buildLoansPage([jane]) },
      {
        method: 'PUT',
        path: '/api/loans/lock/41',
        body: { message: 'Phone locked successfully', device_status: 'locked' },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    const dialog = await openConfirmation(user, 'Lock Jane Wanjiru', 'Confirm Phone Lock');
    expect(within(dialog).getByText('Are you sure you want to lock this phone?')).toBeInTheDocument();
    expect(within(dialog).getByText('Jane Wanjiru')).toBeInTheDocument();

    await confirmPut(user, calls, dialog, {
      confirm: 'Lock',
      toast: 'Phone locked successfully',
      url: '/api/loans/lock/41',
    });
  });

  it('says "Error locking phone" with the server reason when the lock is refused', async () => {
    renderPage([
      { path: LIST, body: buildLoansPage([jane]) },
      refusal('PUT', '/api/loans/lock/41', 409, 'A repayment for this loan awaits approval'),
    ]);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Lock Jane Wanjiru' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Lock' }));

    expect(await screen.findByText('Error locking phone')).toBeInTheDocument();
    expect(screen.getByText('A repayment for this loan awaits approval')).toBeInTheDocument();
  });

  it('records a repayment with loanId, amount, mpesaCode and method mpesa', async () => {
    const { calls } = renderPage([
      { path: LIST, body: buildLoansPage([jane]) },
      { method: 'POST', path: '/api/loans/loan-payment', body: { message: '', id: 9 } },
    ]);
    await repayJane(userEvent.setup({ delay: null }), '1500');

    expect(await screen.findByText('Repayment saved successfully!')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ loanId: 41, amount: 1500, mpesaCode: 'QWE123RTY9', method: 'mpesa' });
    // The loans list is read again (the broadcast reaches this api too).
    await waitFor(() => expect(calls.filter((call) => LIST.test(call.url))).toHaveLength(2));
  });

  it('shows the server reason when a repayment is refused, and Close closes the modal', async () => {
    renderPage([
      { path: LIST, body: buildLoansPage([jane]) },
      refusal('POST', '/api/loans/loan-payment', 400, 'Amount exceeds the balance of Ksh 9,000.00'),
    ]);
    const user = userEvent.setup({ delay: null });
    const dialog = await repayJane(user, '20000');

    expect(await within(dialog).findByText('Amount exceeds the balance of Ksh 9,000.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Repayment' })).not.toBeInTheDocument());
  });

  it('searches by customer name on the server and keeps the search in the URL; View opens the loan', async () => {
    const { calls } = renderPage([{ path: LIST, body: buildLoansPage([jane]) }]);
    const user = userEvent.setup({ delay: null });
    await findRow('Jane Wanjiru');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by name or account number' }),
      'jane{enter}',
    );

    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/loans?search=jane'),
    );
    await waitFor(() => expect(calls.some((call) => call.url.includes('search=jane'))).toBe(true));
    expect(listCalls(calls)[0]?.url).toContain('role=admin');

    await user.click(await screen.findByRole('button', { name: 'View Jane Wanjiru' }));
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/viewloan/41');
  });

  it('sorts by a column header and filters by status on the server, both kept in the URL; Clear filters clears', async () => {
    const { calls } = renderPage([
      { path: LIST, body: buildLoansPage([jane, otieno]) },
      { path: '/api/loanProducts', body: [] },
      { path: '/api/users/officers', body: [] },
    ]);
    const user = userEvent.setup({ delay: null });
    await findRow('Jane Wanjiru');
    const location = () => screen.getByRole('status', { name: 'Location' });

    await user.click(screen.getAllByRole('columnheader', { name: /Balance/ })[0] as HTMLElement);
    await waitFor(() => expect(location()).toHaveTextContent('/loans?sort=remaining_balance&order=asc'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('sort=remaining_balance&order=asc'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('overdue'));
    await waitFor(() =>
      expect(location()).toHaveTextContent('/loans?sort=remaining_balance&order=asc&status=overdue'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('status=overdue'));
    // The sort stays while filtering.
    expect(listCalls(calls).at(-1)?.url).toContain('sort=remaining_balance');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toHaveTextContent('/loans?sort=remaining_balance&order=asc'));
    expect(location()).not.toHaveTextContent('status');
  });

  it('offers admins an Officer filter that replaces their own id in the query; officers never see it', async () => {
    const officers = [{ id: 7, name: 'Grace Muthoni', is_active: true }];
    const { calls } = renderPage(
      [
        { path: LIST, body: buildLoansPage([jane]) },
        { path: '/api/loanProducts', body: [] },
        { path: '/api/users/officers', body: officers },
      ],
      { route: '/loans?officerId=7' },
    );
    await findRow('Jane Wanjiru');
    expect(screen.getByRole('combobox', { name: 'Officer' })).toBeInTheDocument();
    expect(await screen.findByTitle('Grace Muthoni')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.url).toContain('officerId=7');
    expect(listCalls(calls)[0]?.url).not.toContain('officerId=1');
  });

  it('shows an officer no Officer filter and never asks for the officers', async () => {
    const { calls } = renderPage(
      [
        { path: LIST, body: buildLoansPage([jane]) },
        { path: '/api/loanProducts', body: [] },
      ],
      { user: testOfficer },
    );
    await findRow('Jane Wanjiru');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Officer' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/users/officers'))).toBe(false);
  });
});
