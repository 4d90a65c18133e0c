import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanDetail } from '@lender/shared/contract/loans';
import type { LoanRepaymentRow } from '@lender/shared/contract/repayments';
import type { Note } from '@lender/shared/contract/notes';
import { formatDateTime, formatDay } from '@lender/shared/domain/date-time';
import {
  mockFetch,
  refusal,
  renderWithProviders,
  testOfficer,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import { buildLoanDetail, buildPage } from '@lender/shared/testing/loan-builders.ts';
import { confirmPut, openConfirmation } from '@lender/shared/testing/confirm-put.ts';
import LoanDetailPage from './loan-detail-page';

/**
 * The loan page as the collector's round uses it (issue 34): Repay, Add Note and the device actions
 * on the page itself; the schedule with the next installment; the repayments' states, only the
 * approved ones in Paid; the history's amounts; the notes' authors.
 */

const loan: LoanDetail = buildLoanDetail({
  id: 77,
  customer_name: 'Jane Wanjiru',
  total_amount: 12_000,
  paid_amount: 3_000,
  pending_amount: 0,
  remaining_balance: 9_150,
  penalty: 150,
  arrears: 3_000,
  status: 'overdue',
  device_status: 'waiting',
  due_date: '2025-03-15',
  disbursement_date: '2025-03-01',
  repayment_pending: false,
  model: 'Samsung Galaxy A15',
  schedule: [
    { number: 1, due_date: '2025-03-08', amount: 3000, paid: 3000, remaining: 0, late_fee: 0, state: 'paid' },
    {
      number: 2,
      due_date: '2025-03-15',
      amount: 3000,
      paid: 0,
      remaining: 3000,
      late_fee: 150,
      state: 'overdue',
    },
    { number: 3, due_date: '2025-03-22', amount: 3000, paid: 0, remaining: 3000, late_fee: 0, state: 'due' },
    { number: 4, due_date: '2025-03-29', amount: 3000, paid: 0, remaining: 3000, late_fee: 0, state: 'due' },
  ],
});

const repayment = (fields: Partial<LoanRepaymentRow> & Pick<LoanRepaymentRow, 'id'>): LoanRepaymentRow => ({
  payment_date: '2025-03-05',
  amount_paid: 3000,
  method: 'mpesa',
  transaction_code: `QWE${fields.id}23RTY9`,
  status: 'paid',
  source: 'staff',
  rejection_reason: null,
  ...fields,
});

function renderPage(overrides: FetchRoute[] = [], user?: typeof testOfficer) {
  const mocked = mockFetch([
    ...overrides,
    { path: '/api/loans/77', body: loan },
    { path: '/api/loans/77/history', body: [] },
    { path: '/api/loans/repayments/77', body: [] },
    { path: '/api/loans/notes/77', body: [] },
    { path: '/api/loans/77/messages', body: buildPage([]) },
    { path: '/api/loans/77/device-commands', body: buildPage([]) },
  ]);
  renderWithProviders(<LoanDetailPage />, {
    route: '/viewloan/77',
    path: '/viewloan/:id',
    ...(user ? { user } : {}),
  });
  return mocked;
}

/** The row of `table` that holds `text`. */
async function rowWith(table: HTMLElement, text: string): Promise<HTMLElement> {
  return (await within(table).findByText(text)).closest('tr') as HTMLElement;
}

/** The value the details grid shows beside a label, or undefined when the grid has no such item. */
const gridValue = (label: string): string | null | undefined =>
  screen.queryByText(label, { selector: '.ant-descriptions-item-label > span' })?.parentElement
    ?.nextElementSibling?.textContent;

describe('Loan page: the schedule', () => {
  it('lists every installment with due date, amount, paid, remaining, late fee and state', async () => {
    renderPage();
    const schedule = await screen.findByRole('table', { name: 'Schedule' });
    for (const column of ['#', 'Due Date', 'Amount', 'Paid', 'Remaining', 'Late Fee', 'State']) {
      expect(within(schedule).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(await rowWith(schedule, formatDay('2025-03-08')))).toEqual([
      '1',
      formatDay('2025-03-08'),
      'Ksh 3,000.00',
      'Ksh 3,000.00',
      'Ksh 0.00',
      'Ksh 0.00',
      'Paid',
    ]);
    expect(cells(await rowWith(schedule, formatDay('2025-03-15')))).toEqual([
      '2',
      formatDay('2025-03-15'),
      'Ksh 3,000.00',
      'Ksh 0.00',
      'Ksh 3,000.00',
      'Ksh 150.00',
      'OverdueNext',
    ]);
    expect(cells(await rowWith(schedule, formatDay('2025-03-29'))).at(-1)).toBe('Due');
    // On a phone the table scrolls inside itself, and that part is reachable by keyboard.
    expect(screen.getByRole('region', { name: 'Schedule, scrollable' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('region', { name: 'Loan Repayments, scrollable' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('highlights the next installment to pay, and names it for a screen reader', async () => {
    renderPage();
    const schedule = await screen.findByRole('table', { name: 'Schedule' });
    const next = await rowWith(schedule, formatDay('2025-03-15'));
    expect(next).toHaveAttribute('aria-current', 'step');
    expect(within(next).getByText('Next')).toBeInTheDocument();
    // Only one row is the next one.
    expect(within(schedule).getAllByText('Next')).toHaveLength(1);
    expect((await rowWith(schedule, formatDay('2025-03-08'))).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText(/^Next: installment 2/)).toHaveTextContent(
      `Next: installment 2, Ksh 3,000.00 due ${formatDay('2025-03-15')}`,
    );
  });

  it('says there is no schedule before disbursement', async () => {
    renderPage([
      {
        path: '/api/loans/77',
        body: { ...loan, status: 'pending_disbursement', disbursement_date: null, schedule: [] },
      },
    ]);
    expect(await screen.findByText('No schedule yet: the loan is not disbursed.')).toBeInTheDocument();
    expect(screen.queryByText(/^Next:/)).not.toBeInTheDocument();
  });
});

describe('Loan page: repayments and Paid', () => {
  it('shows each repayment state; a pending one is apart from Paid', async () => {
    renderPage([
      { path: '/api/loans/77', body: { ...loan, pending_amount: 100, repayment_pending: true } },
      {
        path: '/api/loans/repayments/77',
        body: [
          repayment({ id: 1 }),
          repayment({ id: 2, source: 'mpesa', transaction_code: 'SKL4H2M9QP' }),
          repayment({ id: 3, amount_paid: 100, status: 'pending', transaction_code: 'QPD100PEND' }),
        ],
      },
    ]);
    const repayments = await screen.findByRole('table', { name: 'Loan Repayments' });
    expect(within(await rowWith(repayments, 'QWE123RTY9')).getByText('Approved')).toBeInTheDocument();
    expect(within(await rowWith(repayments, 'SKL4H2M9QP')).getByText('From paybill')).toBeInTheDocument();
    const pending = await rowWith(repayments, 'QPD100PEND');
    expect(within(pending).getByText('Pending approval')).toBeInTheDocument();
    expect(within(pending).getByText('Ksh 100.00')).toBeInTheDocument();

    // Paid is the server's figure (approved repayments only); the pending Ksh 100 is said apart.
    expect(gridValue('Paid')).toBe('Ksh 3,000.00');
    expect(gridValue('Awaiting Approval')).toBe('Ksh 100.00');
    expect(screen.getByText('Awaiting approval:')).toBeInTheDocument();
  });

  it('says nothing is awaiting approval when nothing is', async () => {
    renderPage();
    expect(await screen.findByRole('table', { name: 'Loan Repayments' })).toBeInTheDocument();
    expect(gridValue('Paid')).toBe('Ksh 3,000.00');
    expect(gridValue('Awaiting Approval')).toBeUndefined();
  });
});

describe('Loan page: Repay', () => {
  async function repay(amount: string) {
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Repay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repayment' });
    expect(within(dialog).getByText(/Jane Wanjiru: balance/)).toHaveTextContent('Ksh 9,150.00');
    await user.type(within(dialog).getByLabelText('Amount'), amount);
    await user.type(within(dialog).getByLabelText('Mpesa Code'), 'QWE123RTY9');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    return { user, dialog };
  }

  it('records a repayment from the loan page with the list modal, then reads the loan again', async () => {
    const { calls } = renderPage(
      [{ method: 'POST', path: '/api/loans/loan-payment', body: { message: '', id: 9 } }],
      testOfficer,
    );
    await repay('1500');
    expect(await screen.findByText('Repayment saved successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      loanId: 77,
      amount: 1500,
      mpesaCode: 'QWE123RTY9',
      method: 'mpesa',
    });
    // The loan and its repayments are read again (the mutation invalidates them).
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/loans/repayments/77').length).toBeGreaterThan(1),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/loans/77').length).toBeGreaterThan(1),
    );
  });

  it("shows the server's refusal in the modal", async () => {
    renderPage([
      refusal('POST', '/api/loans/loan-payment', 400, 'Amount exceeds the balance of Ksh 9,150.00'),
    ]);
    const { dialog } = await repay('20000');
    expect(await within(dialog).findByText('Amount exceeds the balance of Ksh 9,150.00')).toBeInTheDocument();
  });

  it.each([
    ['a paid loan', { status: 'paid', remaining_balance: 0 }],
    ['a loan not yet disbursed', { status: 'pending_disbursement', disbursement_date: null, schedule: [] }],
  ] as const)('is not offered on %s (Add Note is)', async (_, fields) => {
    renderPage([{ path: '/api/loans/77', body: { ...loan, ...fields } }]);
    expect(await screen.findByText('Samsung Galaxy A15')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repay' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeInTheDocument();
  });
});

describe('Loan page: device actions', () => {
  it('offers Lock to an admin while the phone waits for a lock, asks, locks and says so; the commands are read again', async () => {
    const { calls } = renderPage([
      {
        method: 'PUT',
        path: '/api/loans/lock/77',
        body: {
          message: 'Phone locked successfully',
          device_status: 'locked',
          device_lock_state: 'lock_requested',
        },
      },
    ]);
    const commandsRead = () =>
      calls.filter((call) => call.url.startsWith('/api/loans/77/device-commands?')).length;
    const user = userEvent.setup({ delay: null });
    const dialog = await openConfirmation(user, 'Lock', 'Confirm Phone Lock');
    expect(within(dialog).getByText('Are you sure you want to lock this phone?')).toBeInTheDocument();
    expect(within(dialog).getByText('Jane Wanjiru')).toBeInTheDocument();
    await confirmPut(user, calls, dialog, {
      confirm: 'Lock',
      toast: 'Phone locked successfully',
      url: '/api/loans/lock/77',
    });
    // The lock queued a command for the provider: the Device commands table asks for it.
    await waitFor(() => expect(commandsRead()).toBe(2));
  });

  it('says "Error locking phone" with the server reason when the lock is refused', async () => {
    renderPage([refusal('PUT', '/api/loans/lock/77', 409, 'Only a phone waiting for lock can be locked')]);
    const user = userEvent.setup({ delay: null });
    const dialog = await openConfirmation(user, 'Lock', 'Confirm Phone Lock');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Error locking phone')).toBeInTheDocument();
    expect(screen.getByText('Only a phone waiting for lock can be locked')).toBeInTheDocument();
  });

  it('disables Lock, saying why, while a repayment awaits approval', async () => {
    renderPage([{ path: '/api/loans/77', body: { ...loan, repayment_pending: true, pending_amount: 100 } }]);
    const lock = await screen.findByRole('button', { name: 'Lock' });
    expect(lock).toBeDisabled();
    expect(lock).toHaveAccessibleDescription('A repayment for this loan is awaiting approval');
  });

  it('offers no Lock for a phone that is not waiting, and no device action to an officer', async () => {
    renderPage([{ path: '/api/loans/77', body: { ...loan, device_status: 'active' } }]);
    expect(await screen.findByRole('button', { name: 'Repossess' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
  });

  it('gives an officer Repay and Add Note but neither Lock nor Repossess', async () => {
    renderPage([], testOfficer);
    expect(await screen.findByRole('button', { name: 'Repay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repossess' })).not.toBeInTheDocument();
  });
});

describe('Loan page: history amounts and note authors', () => {
  it('shows the amount on each history line that moved money', async () => {
    renderPage([
      {
        path: '/api/loans/77/history',
        body: [
          {
            id: 2,
            action: 'repayment.recorded',
            actor_name: 'Amina Odhiambo',
            before: null,
            after: { amount: '100.00' },
            amount: 100,
            at: '2025-03-10T09:00:00Z',
          },
          {
            id: 1,
            action: 'loan.locked',
            actor_name: 'Admin User',
            before: null,
            after: null,
            amount: null,
            at: '2025-03-09T09:00:00Z',
          },
        ],
      },
    ]);
    const history = await screen.findByRole('table', { name: 'Loan History' });
    expect(within(history).getByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
    const recorded = await rowWith(history, 'Repayment recorded');
    expect(within(recorded).getByText('Ksh 100.00')).toBeInTheDocument();
    const locked = await rowWith(history, 'Loan locked');
    expect(within(locked).queryByText(/Ksh/)).not.toBeInTheDocument();
  });

  it('shows who wrote each note and when', async () => {
    const note: Note = {
      id: 5,
      loan_id: 77,
      note: 'Customer promised to pay on Friday',
      note_date: '2025-03-10',
      type: 'call',
      promise_date: null,
      promise_amount: null,
      promise_status: null,
      created_by: 1,
      created_by_name: 'Amina Odhiambo',
      created_at: '2025-03-10T08:15:00Z',
    };
    renderPage([{ path: '/api/loans/notes/77', body: [note] }]);
    const notes = await screen.findByRole('table', { name: 'Loan Notes' });
    const row = await rowWith(notes, 'Customer promised to pay on Friday');
    for (const column of ['Written By', 'Written At']) {
      expect(within(notes).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(within(row).getByText('Amina Odhiambo')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime('2025-03-10T08:15:00Z'))).toBeInTheDocument();
    expect(within(row).getByText(formatDay('2025-03-10'))).toBeInTheDocument();
  });
});
