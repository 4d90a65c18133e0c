import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUSPENSE_EXPORT_COLUMNS } from '@lender/shared/contract/exports';
import type { SuspenseLoanOption, SuspensePage, SuspensePayment } from '@lender/shared/contract/suspense';
import { buildPage } from '@lender/shared/testing/loan-builders.ts';
import {
  mockFetch,
  renderWithProviders,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import MpesaSuspensePage from './mpesa-suspense-page';

const waiting: SuspensePayment = {
  id: 7,
  trans_id: 'SKL4H2M9QP',
  trans_time: '2026-11-20T06:15:00.000Z',
  paid_date: '2026-11-20',
  amount: 3000,
  unapplied: 3000,
  account_typed: 'LN0099',
  payer_name: 'JOHN KAMAU',
  msisdn: '2547*****123',
  reason: 'unknown_account',
  status: 'suspense',
  loan_id: null,
  received_at: '2026-11-20T06:15:02.000Z',
  resolved_by_name: null,
  resolved_at: null,
  resolution_note: null,
};
const overpaid: SuspensePayment = {
  ...waiting,
  id: 8,
  trans_id: 'SKL4H2M9QR',
  unapplied: 500,
  account_typed: 'LN0031',
  reason: 'over_balance',
  loan_id: 31,
};

const page = (rows: SuspensePayment[]): SuspensePage => buildPage(rows);

const LIST = { path: '/api/mpesa/suspense', body: page([waiting, overpaid]) };
const SUMMARY = { path: '/api/mpesa/suspense/summary', body: { waiting: 2, amount: 3500 } };

const option: SuspenseLoanOption = {
  loan_id: 31,
  account_number: 'LN0031',
  customer_name: 'Wanjiru Kamau',
  phone: '0712345678',
  national_id: '12345678',
  model: 'Samsung A15',
  status: 'active',
  balance: 12000,
  arrears: 1500,
};

/**
 * Renders the page with the loan search finding `option` and POST …/7/assign answering `answer`,
 * and opens Assign Payment for the waiting payment.
 */
async function openAssign(answer: Omit<FetchRoute, 'method' | 'path'>) {
  const mocked = mockFetch([
    LIST,
    SUMMARY,
    { path: '/api/mpesa/suspense/loans', body: { data: [option] } },
    { method: 'POST', path: '/api/mpesa/suspense/7/assign', ...answer },
  ]);
  renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense' });

  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Assign payment SKL4H2M9QP' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign Payment' });
  return { calls: mocked.calls, user, dialog };
}

describe('M-Pesa Suspense page', () => {
  it('lists what waits with its code, account typed, payer, amounts, reason and loan link', async () => {
    const { calls } = mockFetch([LIST, SUMMARY]);
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense' });

    expect(screen.getByRole('heading', { name: 'M-Pesa Suspense' })).toBeInTheDocument();
    const row = (await screen.findByText('SKL4H2M9QR')).closest('tr') as HTMLElement;
    for (const text of ['LN0031', 'JOHN KAMAU', '2547*****123', 'Ksh 3,000.00', 'Ksh 500.00']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // 06:15 UTC is 09:15 in Nairobi.
    expect(within(row).getByText('20 Nov 2026, 09:15')).toBeInTheDocument();
    expect(within(row).getByText('More than the loan owed')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Loan 31' })).toHaveAttribute('href', '/viewloan/31');
    // The page shows the export's columns but those only the CSV has and the resolution of what no
    // longer waits; it links the loan (Loan) and offers Actions.
    const csvOnly = ['Payment ID', 'Payment Date', 'Status', 'Loan ID'];
    const resolution = ['How Applied', 'Resolved', 'Resolved By', 'Note'];
    const titles = SUSPENSE_EXPORT_COLUMNS.filter((title) => ![...csvOnly, ...resolution].includes(title));
    for (const title of [...titles, 'Loan', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    expect(await screen.findByText('2 payments waiting, Ksh 3,500.00')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/mpesa/suspense?page=1&status=suspense');
  });

  it('keeps the status and the search in the URL and asks the server for them', async () => {
    const { calls } = mockFetch([LIST, SUMMARY]);
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense?search=SKL&page=2' });

    await screen.findByText('SKL4H2M9QP');
    expect(calls.some((call) => call.url === '/api/mpesa/suspense?page=2&search=SKL&status=suspense')).toBe(
      true,
    );
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('SKL');

    expect(screen.getByRole('radiogroup', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Waiting' })).toBeChecked();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Refunded' }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/mpesa/suspense?page=1&search=SKL&status=refunded'),
    );
    // What was decided has no actions.
    await waitFor(() =>
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument(),
    );
  });

  it('sorts by a header click and filters by the days paid, in the URL, on the server', async () => {
    const { calls } = mockFetch([LIST, SUMMARY]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense?from=2025-03-01' });
    await screen.findByText('SKL4H2M9QP');
    expect(screen.getByLabelText('Paid from')).toHaveValue('2025-03-01');

    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        '/api/mpesa/suspense?page=1&status=suspense&sort=amount&order=asc&from=2025-03-01',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/mpesa/suspense?page=1&status=suspense&sort=amount&order=asc'),
    );
  });

  it('assigns a payment to a loan found by search, says so and refreshes the list', async () => {
    const { calls, user, dialog } = await openAssign({
      body: { message: 'Ksh 3,000.00 applied to loan 31', repayment_id: 90, applied: 3000, remaining: 0 },
    });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the loan' }), 'wanjiru{Enter}');
    const choice = await within(dialog).findByRole('radio', { name: /LN0031/ });
    const label = choice.closest('label') as HTMLElement;
    for (const text of [/Wanjiru Kamau/, /0712345678/, /Samsung A15/, /Ksh 12,000\.00/, /Ksh 1,500\.00/]) {
      expect(label).toHaveTextContent(text);
    }
    expect(calls.some((call) => call.url === '/api/mpesa/suspense/loans?search=wanjiru')).toBe(true);

    await user.click(choice);
    await user.click(assign);

    expect(await screen.findByText('Ksh 3,000.00 applied to loan 31')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ loanId: 31 });
    // The list and the summary are fetched again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/mpesa/suspense?'))).toHaveLength(2),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/mpesa/suspense/summary')).toHaveLength(2),
    );
  });

  it('says what still waits when the loan owed less than the payment', async () => {
    const { user, dialog } = await openAssign({
      body: { message: 'Ksh 1,000.00 applied to loan 31', repayment_id: 91, applied: 1000, remaining: 2000 },
    });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the loan' }), 'LN0031{Enter}');
    await user.click(await within(dialog).findByRole('radio', { name: /LN0031/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Ksh 1,000.00 applied to loan 31')).toBeInTheDocument();
    expect(screen.getByText('Ksh 2,000.00 still waiting')).toBeInTheDocument();
  });

  it("shows the server's message when the assignment is refused", async () => {
    const { user, dialog } = await openAssign({
      status: 409,
      body: { message: 'This payment is no longer in suspense' },
    });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the loan' }), 'LN0031');
    // Searched once typing pauses, without Enter.
    await user.click(await within(dialog).findByRole('radio', { name: /LN0031/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('This payment is no longer in suspense')).toBeInTheDocument();
  });

  it('refunds with a required note', async () => {
    const { calls } = mockFetch([
      LIST,
      SUMMARY,
      {
        method: 'POST',
        path: '/api/mpesa/suspense/7/refund',
        body: { message: 'Payment marked as refunded' },
      },
    ]);
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense' });

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Refund payment SKL4H2M9QP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Please write how the money was sent back')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Sent back by M-Pesa reversal');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Payment marked as refunded')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      note: 'Sent back by M-Pesa reversal',
    });
  });

  it('shows who resolved a refunded payment, when, and the note, without actions', async () => {
    const refunded: SuspensePayment = {
      ...waiting,
      status: 'refunded',
      resolved_by_name: 'Amina Odhiambo',
      resolved_at: '2026-11-21T07:30:00.000Z',
      resolution_note: 'Reversed on M-Pesa',
    };
    const { calls } = mockFetch([{ ...LIST, body: page([refunded]) }, SUMMARY]);
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense?status=refunded' });

    const row = (await screen.findByText('SKL4H2M9QP')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Amina Odhiambo')).toBeInTheDocument();
    expect(within(row).getByText('21 Nov 2026, 10:30')).toBeInTheDocument();
    expect(within(row).getByText('Reversed on M-Pesa')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Refunded' })).toBeChecked();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/mpesa/suspense?page=1&status=refunded');
  });

  it('says how each applied payment was applied: matched automatically, or assigned by whom and when', async () => {
    const matched: SuspensePayment = {
      ...waiting,
      id: 9,
      trans_id: 'SKL4H2M9QS',
      unapplied: 0,
      status: 'applied',
      loan_id: 31,
      applied_how: 'matched',
    };
    const assigned: SuspensePayment = {
      ...waiting,
      unapplied: 0,
      status: 'applied',
      loan_id: 31,
      resolved_by_name: 'Amina Odhiambo',
      resolved_at: '2026-11-21T07:30:00.000Z',
      resolution_note: 'Assigned to loan 31',
      applied_how: 'assigned',
    };
    mockFetch([{ ...LIST, body: page([matched, assigned]) }, SUMMARY]);
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense?status=applied' });

    const matchedRow = (await screen.findByText('SKL4H2M9QS')).closest('tr') as HTMLElement;
    expect(within(matchedRow).getByText('Matched automatically')).toBeInTheDocument();
    expect(within(matchedRow).queryByText('No open loan has this account number')).not.toBeInTheDocument();
    const assignedRow = screen.getByText('SKL4H2M9QP').closest('tr') as HTMLElement;
    expect(within(assignedRow).getByText('Assigned by Amina Odhiambo')).toBeInTheDocument();
    expect(within(assignedRow).getByText('21 Nov 2026, 10:30')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'How Applied' })).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    mockFetch([
      { ...LIST, status: 403, body: { message: 'Only admins can resolve unmatched M-Pesa payments' } },
    ]);
    renderWithProviders(<MpesaSuspensePage />, { route: '/mpesa-suspense' });

    expect(await screen.findByText('Only admins can resolve unmatched M-Pesa payments')).toBeInTheDocument();
  });
});
