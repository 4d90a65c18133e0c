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

/** The confirmation names the customer, the amount and the M-Pesa code; this says yes. */
async function confirmDisbursement(user: ReturnType<typeof userEvent.setup>) {
  const confirm = await findDialog('Disburse Loan');
  expect(within(confirm).getByText('Achieng Wambui')).toBeInTheDocument();
  expect(within(confirm).getByText('QJK4H7Z2XP')).toBeInTheDocument();
  expect(within(confirm).getByText(/Ksh/)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Disburse' }));
  await waitForDialogClosed('Disburse Loan');
}

async function openDisburse(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Disburse the loan of Achieng Wambui' }));
  return screen.findByRole('dialog', { name: 'Enter Mpesa Code' });
}

/** Types the code QJK4H7Z2XP into the open dialog, asks to disburse and confirms. */
async function disburseWithCode(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Mpesa Code'), 'QJK4H7Z2XP');
  await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));
  await confirmDisbursement(user);
}

/**
 * Lists Achieng's loan and disburses it with code QJK4H7Z2XP, the server answering `answer`;
 * the Mpesa Code dialog stays open.
 */
async function disburseAnswering(answer: Omit<FetchRoute, 'method' | 'path'>) {
  const user = userEvent.setup();
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
    const user = userEvent.setup();
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
    await confirmDisbursement(user);
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });
});
