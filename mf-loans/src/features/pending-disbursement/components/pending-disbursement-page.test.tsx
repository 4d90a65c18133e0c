import { screen, within } from '@testing-library/react';
import { findDialog, waitForDialogClosed } from '@lender/shared/testing/find-dialog.ts';
import { expectNoButtonsForOfficer } from '@lender/shared/testing/expect-admin-only.tsx';
import userEvent from '@testing-library/user-event';
import { expectListReadAgain } from '@lender/shared/testing/expect-read-again.ts';
import { buildLoanRow, buildLoansPage } from '@lender/shared/testing/loan-builders.ts';
import {
  mockFetch,
  renderWithProviders,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import { renderListRow } from '@lender/shared/testing/find-row.ts';
import { formatKsh } from '@lender/shared/domain/money';
import PendingDisbursementPage from './pending-disbursement-page';
import { listCalls } from '../../../components/testing/list-calls';

const loan = buildLoanRow({
  id: 5,
  customer_id: 42,
  account_number: 'GPUXWHS',
  customer_name: 'Achieng Wambui',
  total_amount: 11000,
  paid_amount: 0,
  remaining_balance: 11000,
  status: 'pending_disbursement',
  due_date: null,
  days_remaining: null,
  device_status: null,
  total_interest: 1000,
  loan_product: 'Phone Plus',
  purpose: 'Business phone',
  disbursement_date: null,
  paid_through_date: null,
  lock_date: null,
});

const LIST = { path: '/api/loans/loan-details/pending-disbursement', body: buildLoansPage([loan]) };
const DISBURSE = { method: 'PUT', path: '/api/loans/disburse/5' };
const puts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'PUT');

/** The code's modal names the customer, the phone and the amount: its Disburse is the one confirmation. */
async function openDisburse(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Disburse the loan of Achieng Wambui' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enter Mpesa Code' });
  expect(within(dialog).getByText('Achieng Wambui')).toBeInTheDocument();
  expect(within(dialog).getByText(loan.model)).toBeInTheDocument();
  expect(within(dialog).getByText(formatKsh(loan.principal))).toBeInTheDocument();
  return dialog;
}

/** Types the code QJK4H7Z2XP into the open dialog and disburses: no second dialog asks again. */
async function disburseWithCode(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Mpesa Code'), 'QJK4H7Z2XP');
  await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));
  expect(screen.queryByRole('dialog', { name: 'Disburse Loan' })).not.toBeInTheDocument();
}

/**
 * Lists Achieng's loan and disburses it with code QJK4H7Z2XP, the server answering `answer`;
 * the Mpesa Code dialog stays open.
 */
async function disburseAnswering(answer: Omit<FetchRoute, 'method' | 'path'>) {
  const user = userEvent.setup({ delay: null });
  const mocked = mockFetch([LIST, { ...DISBURSE, ...answer }]);
  renderWithProviders(<PendingDisbursementPage />);

  const dialog = await openDisburse(user);
  await disburseWithCode(user, dialog);
  return { ...mocked, user, dialog };
}

describe('Pending disbursement', () => {
  it('lists the loans awaiting disbursement in the caller scope', async () => {
    const { calls, row } = await renderListRow(<PendingDisbursementPage />, [LIST], 'Achieng Wambui');
    for (const text of ['Phone Plus', 'Ksh 10,000.00', 'Ksh 11,000.00', 'pending disbursement']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(listCalls(calls)[0]?.url).toBe(
      '/api/loans/loan-details/pending-disbursement?role=admin&officerId=1&page=1',
    );
  });

  it('offers Disburse to admins only', async () => {
    await expectNoButtonsForOfficer(<PendingDisbursementPage />, [LIST], 'Achieng Wambui', [/Disburse/]);
  });

  it('refuses an empty code with the alert and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = mockFetch([LIST, { ...DISBURSE, body: { message: 'Loan disbursed' } }]);
    renderWithProviders(<PendingDisbursementPage />);

    const dialog = await openDisburse(user);
    await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));
    await user.type(within(dialog).getByLabelText('Mpesa Code'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));

    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith('Please enter a valid Mpesa code.');
    expect(puts(calls)).toHaveLength(0);
  });

  it('disburses with {mpesaCode}, toasts and reads the list again', async () => {
    const { calls } = await disburseAnswering({ body: { message: 'Loan disbursed successfully' } });

    expect(await screen.findByText('Loan disbursed successfully')).toBeInTheDocument();
    // The customer pays to the paybill with this account number.
    expect(screen.getByText(`Paybill account number: ${loan.account_number}`)).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      { method: 'PUT', url: '/api/loans/disburse/5', body: { mpesaCode: 'QJK4H7Z2XP' } },
    ]);
    await expectListReadAgain(calls, '/api/loans/loan-details');
    await waitForDialogClosed('Enter Mpesa Code');
  });

  it("says 'You are not authorized.' when the answer carries an error field", async () => {
    await disburseAnswering({ status: 403, body: { message: 'Forbidden', error: 'Forbidden' } });

    expect(await screen.findByText('You are not authorized.')).toBeInTheDocument();
  });

  it("shows the server's message for a reused code, and the unexpected text otherwise", async () => {
    const { user, dialog } = await disburseAnswering({
      status: 409,
      body: { message: 'M-Pesa code QJK4H7Z2XP was already used' },
    });
    expect(await screen.findByText('M-Pesa code QJK4H7Z2XP was already used')).toBeInTheDocument();

    jest.restoreAllMocks();
    mockFetch([LIST, { ...DISBURSE, status: 500, body: { message: 'Internal Server Error' } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('disburses the selected loans together, each with its own code typed in one modal naming how many and the total', async () => {
    const user = userEvent.setup({ delay: null });
    const baraka = buildLoanRow({
      ...loan,
      id: 6,
      customer_name: 'Baraka Mwangi',
      principal: 8000,
      model: 'Samsung A15',
    });
    const { calls } = mockFetch([
      { ...LIST, body: buildLoansPage([loan, baraka]) },
      {
        method: 'POST',
        path: '/api/loans/disburse-batch',
        body: {
          results: [
            { id: 5, ok: true, message: 'Loan disbursed successfully' },
            { id: 6, ok: false, message: 'M-Pesa code QJK4H7Z2XQ was already used' },
          ],
        },
      },
    ]);
    renderWithProviders(<PendingDisbursementPage />);
    await screen.findByText('Baraka Mwangi');
    await user.click(screen.getByRole('checkbox', { name: /^Select the loan of Achieng Wambui/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Select the loan of Baraka Mwangi/ }));
    expect(screen.getByText(`2 loans selected, ${formatKsh(18000)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disburse selected' }));

    const dialog = await findDialog('Disburse 2 loans');
    expect(
      within(dialog).getByText(new RegExp(`^Disburse 2 loans totalling ${formatKsh(18000)}\\?`)),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(`Baraka Mwangi: Samsung A15, ${formatKsh(8000)}`)).toBeInTheDocument();
    // A missing code, and then one code for both, are shown on their fields and nothing is sent.
    await user.type(within(dialog).getByLabelText('M-Pesa code for Achieng Wambui'), 'qjk4h7z2xp');
    await user.click(within(dialog).getByRole('button', { name: 'Disburse 2 loans' }));
    expect(within(dialog).getByText('Enter the M-Pesa code of this payout')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('M-Pesa code for Baraka Mwangi'), 'QJK4H7Z2XP');
    expect(
      within(dialog).getAllByText('This code is given for another loan too: each payout has its own'),
    ).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText('M-Pesa code for Baraka Mwangi'));
    await user.type(within(dialog).getByLabelText('M-Pesa code for Baraka Mwangi'), 'QJK4H7Z2XQ');
    await user.click(within(dialog).getByRole('button', { name: 'Disburse 2 loans' }));

    const result = await findDialog('Disbursements');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      items: [
        { id: 5, mpesaCode: 'QJK4H7Z2XP' },
        { id: 6, mpesaCode: 'QJK4H7Z2XQ' },
      ],
    });
    expect(within(result).getByText('1 disbursed, 1 refused.')).toBeInTheDocument();
    expect(
      within(result).getByText(`Baraka Mwangi, ${formatKsh(8000)}: M-Pesa code QJK4H7Z2XQ was already used`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Disburse 2 loans' })).not.toBeInTheDocument();
  });
});
