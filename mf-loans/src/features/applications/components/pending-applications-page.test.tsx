import { screen, within } from '@testing-library/react';
import { findDialog, waitForDialogClosed } from '@lender/shared/testing/find-dialog.ts';
import { formatKsh } from '@lender/shared/domain/money';
import { expectNoButtonsForOfficer } from '@lender/shared/testing/expect-admin-only.tsx';
import userEvent from '@testing-library/user-event';
import { expectListReadAgain } from '@lender/shared/testing/expect-read-again.ts';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import type {
  PendingApplicationRow,
  PendingApplicationsPage as PendingPage,
} from '@lender/shared/contract/applications';
import {
  mockFetch,
  renderWithProviders,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import PendingApplicationsPage from './pending-applications-page';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import { renderListRow } from '@lender/shared/testing/find-row.ts';
import { listCalls } from '../../../components/testing/list-calls';

const achieng: PendingApplicationRow = {
  loan_id: 31,
  id: 31,
  customer_id: 42,
  customer_full_name: 'Achieng Wambui',
  national_id: '12345678',
  phone: '+254712345678',
  monthly_income: 30000,
  product_id: 7,
  product_name: 'Phone Plus',
  amount: 12000,
  purpose: 'Business phone',
  model: 'Tecno Spark 20',
  imei: '356938035643809',
  created_at: '2025-03-14T09:30:00.000Z',
};

const page = (rows: PendingApplicationRow[]): PendingPage => ({
  data: rows,
  meta: { page: 1, pageSize: 10, total: rows.length, totalPages: 1 },
});

const LIST = { path: '/api/loansApplication/pending', body: page([achieng]) };
const APPROVE = { method: 'PUT', path: '/api/loansApplication/approve/31' };
const REJECT = { method: 'PUT', path: '/api/loansApplication/reject/31' };

const puts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'PUT');

/** The decision's modal names the customer, the phone and the amount (its button is the confirmation). */
function expectFactsIn(dialog: HTMLElement) {
  expect(within(dialog).getByText('Achieng Wambui')).toBeInTheDocument();
  expect(within(dialog).getByText('Tecno Spark 20')).toBeInTheDocument();
  expect(within(dialog).getByText(formatKsh(12000))).toBeInTheDocument();
}

async function openApprove(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Approve the application of Achieng Wambui' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enter Disbursed Amount' });
  expectFactsIn(dialog);
  return dialog;
}

/** In the open approve modal, approves the amount as prefilled: one click, no second dialog. */
async function approveAsPrefilled(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(screen.queryByRole('dialog', { name: 'Approve Loan Application' })).not.toBeInTheDocument();
}

/** Lists Achieng's application and approves it as prefilled, the server answering `answer`. */
async function approveAnswering(answer: Omit<FetchRoute, 'method' | 'path'>) {
  const user = userEvent.setup({ delay: null });
  const mocked = mockFetch([LIST, { ...APPROVE, ...answer }]);
  renderWithProviders(<PendingApplicationsPage />);

  await approveAsPrefilled(user, await openApprove(user));
  return { ...mocked, user };
}

describe('Pending applications', () => {
  it("lists each application with the customer's details, the product, amount and purpose", async () => {
    const { calls, row } = await renderListRow(<PendingApplicationsPage />, [LIST], 'Achieng Wambui');
    for (const text of [
      '12345678',
      '+254712345678',
      'Ksh 30,000.00',
      'Phone Plus',
      'Ksh 12,000.00',
      'Business phone',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(listCalls(calls)[0]?.url).toBe('/api/loansApplication/pending?role=admin&officerId=1&page=1');
  });

  it('offers Approve and Reject to admins only', async () => {
    await expectNoButtonsForOfficer(<PendingApplicationsPage />, [LIST], 'Achieng Wambui', [
      /Approve/,
      /Reject/,
    ]);
  });

  it('refuses an empty disbursed amount with the alert and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = mockFetch([LIST, { ...APPROVE, body: { message: 'Approved', loan_id: 5 } }]);
    renderWithProviders(<PendingApplicationsPage />);

    const dialog = await openApprove(user);
    const input = within(dialog).getByLabelText('Disbursed Amount');
    expect(input).toHaveValue('12,000.00'); // prefilled with the amount applied for
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(alert).toHaveBeenCalledWith('Please enter a valid disbursed amount.');
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(puts(calls)).toHaveLength(0);
  });

  it('approves with {disbursedAmount}, toasts and reads the list again', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      LIST,
      { ...APPROVE, body: { message: 'Loan application approved', loan_id: 5 } },
    ]);
    renderWithProviders(<PendingApplicationsPage />);

    const dialog = await openApprove(user);
    await replaceText(user, within(dialog).getByLabelText('Disbursed Amount'), '10000');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Loan application approved')).toBeInTheDocument();
    // The modal's Approve was the one confirmation.
    await waitForDialogClosed('Enter Disbursed Amount');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The new loan's paybill account number, written from its id.
    expect(screen.getByText(`Paybill account number: ${encodeAccountNumber(5)}`)).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      { method: 'PUT', url: '/api/loansApplication/approve/31', body: { disbursedAmount: 10000 } },
    ]);
    await expectListReadAgain(calls, '/api/loansApplication/pending');
  });

  it('says the caller is not authorized to approve when the answer carries an error field', async () => {
    await approveAnswering({ status: 403, body: { message: 'Forbidden', error: 'Forbidden' } });

    expect(await screen.findByText('You are not authorized to approve this loan.')).toBeInTheDocument();
  });

  it("shows the server's message for a conflict, and the unexpected text otherwise", async () => {
    const { user } = await approveAnswering({
      status: 409,
      body: { message: 'This application is already approved' },
    });
    expect(await screen.findByText('This application is already approved')).toBeInTheDocument();

    jest.restoreAllMocks();
    mockFetch([LIST, { ...APPROVE, status: 500, body: { message: 'Internal Server Error' } }]);
    const dialog = screen.getByRole('dialog', { name: 'Enter Disbursed Amount' });
    await approveAsPrefilled(user, dialog);
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('sends nothing when the approve modal is cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([LIST]);
    renderWithProviders(<PendingApplicationsPage />);

    const dialog = await openApprove(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitForDialogClosed('Enter Disbursed Amount');
    expect(puts(calls)).toEqual([]);
  });

  it('rejects with {reason}, which may be empty', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([LIST, { ...REJECT, body: { message: 'Loan application rejected' } }]);
    renderWithProviders(<PendingApplicationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Reject the application of Achieng Wambui' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reason' });
    expectFactsIn(dialog);
    await user.type(within(dialog).getByLabelText('Reason'), 'Income too low');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(screen.queryByRole('dialog', { name: 'Reject Loan Application' })).not.toBeInTheDocument();

    expect(await screen.findByText('Loan application rejected')).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      { method: 'PUT', url: '/api/loansApplication/reject/31', body: { reason: 'Income too low' } },
    ]);
  });

  it('approves the selected applications together at their applied amounts after one confirmation naming how many and the total', async () => {
    const user = userEvent.setup({ delay: null });
    const baraka: PendingApplicationRow = {
      ...achieng,
      id: 32,
      loan_id: 32,
      customer_full_name: 'Baraka Mwangi',
      amount: 8000.5,
    };
    const { calls } = mockFetch([
      { ...LIST, body: page([achieng, baraka]) },
      {
        method: 'POST',
        path: '/api/loansApplication/approve-batch',
        body: {
          results: [
            { id: 31, ok: true, message: 'Loan application approved: paybill account number X' },
            { id: 32, ok: false, message: 'This application has already been approved' },
          ],
        },
      },
    ]);
    renderWithProviders(<PendingApplicationsPage />);
    await screen.findByText('Baraka Mwangi');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText(`2 applications selected, ${formatKsh(20000.5)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));

    const confirm = await findDialog('Approve 2 applications');
    expect(
      within(confirm).getByText(
        `Approve 2 applications at the amounts applied for, totalling ${formatKsh(20000.5)}? Each creates its loan, pending disbursement; any that cannot be approved is listed with the reason.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

    const result = await findDialog('Application approvals');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [31, 32] });
    expect(within(result).getByText('1 approved, 1 refused.')).toBeInTheDocument();
    expect(
      within(result).getByText(
        `Baraka Mwangi, ${formatKsh(8000.5)}: This application has already been approved`,
      ),
    ).toBeInTheDocument();
    expect(within(result).getByText(`Achieng Wambui, ${formatKsh(12000)}`)).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);
  });
});
