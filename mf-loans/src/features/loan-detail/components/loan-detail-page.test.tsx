import { formatDay } from '@lender/shared/domain/date-time';
import { Link, Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Note } from '@lender/shared/contract/notes';
import {
  mockFetch,
  renderWithProviders,
  testOfficer,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import { dayjs } from '@lender/shared/ui/antd';
import { nairobiToday } from '../../../components/loan-columns';
import { buildLoanDetail, buildPage } from '@lender/shared/testing/loan-builders.ts';
import { buildCustomerMessage, buildDeviceCommand } from '@lender/shared/testing/outbox-builders.ts';
import { pickDate } from '@lender/shared/testing/pick-date.ts';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import { confirmPut, openConfirmation } from '@lender/shared/testing/confirm-put.ts';
import LoanDetailPage from './loan-detail-page';

const loan = buildLoanDetail({
  id: 77,
  customer_name: 'Jane Wanjiru',
  loan_product: 'Phone Weekly',
  principal: 10_000,
  total_interest: 2_000,
  total_amount: 12_000,
  installment_amount: 3_000,
  installments_sum: 12_000,
  paid_amount: 3_000,
  remaining_balance: 9_000,
  arrears: 1_500,
  penalty: 150,
  status: 'overdue',
  device_status: 'waiting',
  due_date: '2025-03-08',
  days_remaining: -3,
  disbursement_date: '2025-03-01',
  repayment_pending: false,
  paid_through_date: '2025-03-01',
  lock_date: '2025-03-08',
  promise_date: null,
  promise_amount: null,
  promise_status: null,
  expected_completion_date: '2025-03-29',
  mpesa_code: 'QBC1234XYZ',
  model: 'Samsung Galaxy A15',
  imei_number: '356789012345678',
});

const note: Note = {
  id: 5,
  loan_id: 77,
  note: 'Customer promised to pay on Friday',
  note_date: '2025-03-10',
  type: 'other',
  promise_date: null,
  promise_amount: null,
  promise_status: null,
  created_by: 1,
  created_by_name: 'Amina Odhiambo',
  created_at: '2025-03-10T08:00:00Z',
};

function routes(overrides: FetchRoute[] = []): FetchRoute[] {
  return [
    ...overrides,
    { path: '/api/loans/77', body: loan },
    {
      path: '/api/loans/77/history',
      body: [
        {
          id: 1,
          action: 'loan.disbursed',
          actor_name: 'Amina Odhiambo',
          before: null,
          after: null,
          at: '2025-03-01T09:00:00Z',
        },
      ],
    },
    { path: '/api/loans/repayments/77', body: [] },
    { path: '/api/loans/notes/77', body: [] },
    { path: '/api/loans/77/messages', body: buildPage([]) },
    { path: '/api/loans/77/device-commands', body: buildPage([]) },
  ];
}

function renderPage(fetchRoutes: FetchRoute[], user?: typeof testOfficer) {
  const mocked = mockFetch(fetchRoutes);
  renderWithProviders(<LoanDetailPage />, {
    route: '/viewloan/77',
    path: '/viewloan/:id',
    ...(user ? { user } : {}),
  });
  return mocked;
}

/** Renders the page with POST /api/loans/notes/77 answering `answer`, and opens Add Note. */
async function openAddNote(
  answer: Omit<FetchRoute, 'method' | 'path'> = { body: { message: 'Note added', note: { ...note, id: 6 } } },
) {
  const { calls } = renderPage(routes([{ method: 'POST', path: '/api/loans/notes/77', ...answer }]));
  const user = userEvent.setup({ delay: null });
  await screen.findByText('Samsung Galaxy A15');
  await user.click(screen.getByRole('button', { name: 'Add Note' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
  return { calls, user, dialog };
}

/**
 * Writes `note` in the open Add Note dialog and saves it: the page says so, and the POST sent
 * the note with the rest of `sent`.
 */
async function saveNote(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  calls: { method: string; body: unknown }[],
  note: string,
  sent: Record<string, unknown>,
) {
  await user.type(within(dialog).getByLabelText('Note'), note);
  await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));

  expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note, ...sent });
}

/** The value the details grid shows beside a label. */
const valueOf = (label: string): string | null | undefined =>
  screen.getByText(label, { selector: '.ant-descriptions-item-label > span' }).parentElement
    ?.nextElementSibling?.textContent;

describe('Loan detail', () => {
  it('shows the loan fields, both badges, and the empty repayments and notes texts', async () => {
    renderPage(routes());

    expect(await screen.findByText('Samsung Galaxy A15')).toBeInTheDocument();
    const expected: Record<string, string> = {
      Customer: 'Jane Wanjiru',
      Product: 'Phone Weekly',
      Principal: 'Ksh 10,000.00',
      'Interest (20%)': 'Ksh 2,000.00',
      'Total Amount': 'Ksh 12,000.00',
      'Installment Amount (Weekly)': 'Ksh 3,000.00',
      'Installments Sum': 'Ksh 12,000.00',
      Paid: 'Ksh 3,000.00',
      Balance: 'Ksh 9,000.00',
      Arrears: 'Ksh 1,500.00',
      Penalty: 'Ksh 150.00',
      'Due Date': formatDay('2025-03-08'),
      'Days Remaining': '3 days overdue',
      'Disbursement Date': formatDay('2025-03-01'),
      'Expected Completion': formatDay('2025-03-29'),
      'Completed Date': 'N/A',
      'Paid Through': formatDay('2025-03-01'),
      // Past: the phone may be locked (the tag says so in words, not only in red).
      'Lock Date': `${formatDay('2025-03-08')} overdue: the lock date has passed, the phone may be locked`,
      'Paybill Account': 'Y78VSHZ',
      'M-Pesa Code': 'QBC1234XYZ',
      Model: 'Samsung Galaxy A15',
      IMEI: '356789012345678',
      Status: 'overdue',
      'Device Status': 'waiting',
    };
    for (const [label, value] of Object.entries(expected)) {
      expect([label, valueOf(label)]).toEqual([label, value]);
    }
    expect(screen.getAllByText('overdue').length).toBeGreaterThan(0);
    expect(screen.getAllByText('waiting').length).toBeGreaterThan(0);
    // The customer's page, in mf_customers, by URL.
    expect(screen.getByRole('link', { name: 'Jane Wanjiru' })).toHaveAttribute(
      'href',
      `/customers/${loan.customer_id}`,
    );

    expect(await screen.findByText('No repayments recorded yet.')).toBeInTheDocument();
    expect(await screen.findByText('No notes for this loan yet.')).toBeInTheDocument();
    expect(await screen.findByText('Loan disbursed')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Statement' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Edit Loan' })).toBeEnabled();
  });

  it('lists the loan history (when, who, action) and Back returns to the previous page', async () => {
    mockFetch(routes());
    renderWithProviders(
      <Routes>
        <Route path="/loans" element={<Link to="/viewloan/77">the loans list</Link>} />
        <Route path="/viewloan/:id" element={<LoanDetailPage />} />
      </Routes>,
      { route: '/loans' },
    );
    const user = userEvent.setup({ delay: null });
    // The user comes from the list.
    await user.click(screen.getByRole('link', { name: 'the loans list' }));
    const history = await screen.findByRole('table', { name: 'Loan History' });
    const entry = (await within(history).findByText('Loan disbursed')).closest('tr') as HTMLElement;
    expect(within(entry).getByText('Amina Odhiambo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('the loans list')).toBeInTheDocument();
  });

  it('lists the repayments and notes of the loan', async () => {
    renderPage(
      routes([
        {
          path: '/api/loans/repayments/77',
          body: [
            {
              id: 3,
              payment_date: '2025-03-05',
              amount_paid: 3000,
              method: 'mpesa',
              transaction_code: 'QWE123RTY9',
              status: 'paid',
              source: 'staff',
            },
          ],
        },
        { path: '/api/loans/notes/77', body: [note] },
      ]),
    );
    const repayments = await screen.findByRole('table', { name: 'Loan Repayments' });
    expect(await within(repayments).findByText('QWE123RTY9')).toBeInTheDocument();
    expect(within(repayments).getByText(formatDay('2025-03-05'))).toBeInTheDocument();
    for (const column of ['Date', 'Amount', 'Method', 'Transaction Code']) {
      expect(within(repayments).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const notes = screen.getByRole('table', { name: 'Loan Notes' });
    expect(await within(notes).findByText('Customer promised to pay on Friday')).toBeInTheDocument();
    expect(within(notes).getByText(formatDay('2025-03-10'))).toBeInTheDocument();
    expect(within(notes).getByText('Other')).toBeInTheDocument();
  });

  it('shows a promise to pay with its date, amount and whether it was kept', async () => {
    renderPage(
      routes([
        {
          path: '/api/loans/notes/77',
          body: [
            {
              ...note,
              id: 9,
              note: 'Will pay on Friday',
              type: 'promise',
              promise_date: '2025-03-14',
              promise_amount: 1500,
              promise_status: 'broken',
            },
            { ...note, type: 'call', note: 'No answer' },
          ],
        },
      ]),
    );
    const notes = await screen.findByRole('table', { name: 'Loan Notes' });
    expect(await within(notes).findByText('Will pay on Friday')).toBeInTheDocument();
    expect(within(notes).getByRole('columnheader', { name: 'Type' })).toBeInTheDocument();
    expect(within(notes).getByText('Promise to pay')).toBeInTheDocument();
    expect(within(notes).getByText('Call')).toBeInTheDocument();
    expect(within(notes).getByText(new RegExp(formatDay('2025-03-14')))).toBeInTheDocument();
    expect(within(notes).getByText(/1,500\.00/)).toBeInTheDocument();
    expect(within(notes).getByText('Broken')).toBeInTheDocument();
  });

  it('says "Failed to fetch loan data" with Retry, and nothing else, when the loan cannot be read', async () => {
    const { calls } = renderPage([
      { path: '/api/loans/77', status: 500, body: { message: 'boom' } },
      ...routes(),
    ]);
    expect(await screen.findByText('Failed to fetch loan data')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
    expect(screen.queryByText('No repayments recorded yet.')).not.toBeInTheDocument();
    const before = calls.filter((call) => call.url.endsWith('/api/loans/77')).length;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/api/loans/77')).length).toBeGreaterThan(before),
    );
  });

  it('says once that a loan outside the book does not exist, with a way back to the active loans', async () => {
    renderPage([{ path: '/api/loans/77', status: 404, body: { message: 'Loan not found' } }, ...routes()]);
    expect(
      await screen.findByRole('heading', { name: 'This loan does not exist or is not in your book.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Active Loans' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
  });

  it('says "Failed to fetch" for the repayments and notes when only they cannot be read', async () => {
    renderPage([
      { path: '/api/loans/repayments/77', status: 500, body: { message: 'boom' } },
      { path: '/api/loans/notes/77', status: 500, body: { message: 'boom' } },
      ...routes(),
    ]);
    expect(await screen.findByText('Failed to fetch repayments')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch notes')).toBeInTheDocument();
  });

  it('asks "Confirm Phone Repossesion" before repossessing', async () => {
    const { calls } = renderPage(
      routes([
        {
          method: 'PUT',
          path: '/api/loans/repossess/77',
          body: { message: 'Phone repossessed', device_status: 'repossessed' },
        },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    const dialog = await openConfirmation(user, 'Repossess', 'Confirm Phone Repossesion');
    await confirmPut(user, calls, dialog, {
      confirm: 'Repossess',
      toast: 'Phone repossessed',
      url: '/api/loans/repossess/77',
    });
  });

  it('does not offer Repossess to officers', async () => {
    renderPage(routes(), testOfficer);
    expect(await screen.findByText('Samsung Galaxy A15')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Repossess' })).not.toBeInTheDocument();
  });

  it('Edit Loan sends only what changed, the IMEI included before any payment', async () => {
    const unpaid = { ...loan, paid_amount: 0 };
    const { calls } = renderPage(
      routes([
        { method: 'PATCH', path: '/api/loans/77', body: { message: 'Loan updated successfully' } },
        { path: '/api/loans/77', body: unpaid },
      ]),
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Loan' });
    const model = within(dialog).getByLabelText('Phone Model');
    await replaceText(user, model, 'Tecno Spark 20');
    const imei = within(dialog).getByLabelText('IMEI');
    expect(imei).toBeEnabled();
    await replaceText(user, imei, '490154203237518');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Loan updated successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/loans/77', body: { model: 'Tecno Spark 20', imei: '490154203237518' } },
    ]);
  });

  it('Edit Loan keeps the IMEI fixed once a repayment is recorded, saying why', async () => {
    renderPage(routes());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Loan' });
    expect(within(dialog).getByLabelText('IMEI')).toBeDisabled();
    expect(
      within(dialog).getByText('The IMEI cannot change once a repayment is recorded'),
    ).toBeInTheDocument();
  });

  it('does not offer Edit Loan to officers', async () => {
    renderPage(routes(), testOfficer);
    expect(await screen.findByText('Samsung Galaxy A15')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Loan' })).not.toBeInTheDocument();
  });

  it('hides Repossess and Edit Loan for a paid loan', async () => {
    renderPage(
      routes([{ path: '/api/loans/77', body: { ...loan, status: 'paid', device_status: 'purchased' } }]),
    );
    expect(await screen.findByText('Samsung Galaxy A15')).toBeInTheDocument();
    expect(screen.getAllByText('paid').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Repossess' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Loan' })).not.toBeInTheDocument();
  });

  it('Add Note dates the note today (Nairobi) to start and requires the note, then sends {note, note_date}', async () => {
    const { calls, user, dialog } = await openAddNote();
    expect(within(dialog).getByLabelText('Note Date')).toHaveValue(nairobiToday());

    await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));
    expect(await within(dialog).findByText('Please write the note')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please choose the note date')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await saveNote(user, dialog, calls, 'Called the customer', { type: 'other', note_date: nairobiToday() });
  });

  it('Add Note: a promise to pay needs its date (from today) and amount, then sends them', async () => {
    const { calls, user, dialog } = await openAddNote();
    expect(within(dialog).queryByLabelText('Promise Date')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    // The option as shown (the listbox's role=option items are antd's screen-reader copies).
    await user.click(await screen.findByTitle('Promise to pay'));

    await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));
    expect(
      await within(dialog).findByText('Please choose the date the customer promised to pay by'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the amount promised')).toBeInTheDocument();

    const inThreeDays = dayjs(nairobiToday()).add(3, 'day').format('YYYY-MM-DD');
    // The note's date is today already.
    await pickDate(user, within(dialog).getByLabelText('Promise Date'), inThreeDays);
    await user.type(within(dialog).getByLabelText('Promise Amount'), '2500.5');
    await saveNote(user, dialog, calls, 'Will pay after harvest', {
      type: 'promise',
      note_date: nairobiToday(),
      promise_date: inThreeDays,
      promise_amount: 2500.5,
    });
  });

  it('shows the server message when a note is refused', async () => {
    const { user, dialog } = await openAddNote({
      status: 400,
      body: { message: 'Invalid', errors: [{ field: 'note_date', msg: 'Note date is not a date' }] },
    });
    await user.type(within(dialog).getByLabelText('Note'), 'Called');
    await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));
    // Toasted, and under the field it names.
    expect((await screen.findAllByText('Note date is not a date')).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Note Date')).toHaveAccessibleDescription(
        'Note date is not a date',
      ),
    );
  });

  it('Print Statement writes the statement into a new window and prints it', async () => {
    const printed = { html: '', printed: false };
    const fakeWindow = {
      document: {
        open: jest.fn(),
        write: (html: string) => (printed.html += html),
        close: jest.fn(),
      },
      focus: jest.fn(),
      print: () => (printed.printed = true),
    };
    jest.spyOn(window, 'open').mockReturnValue(fakeWindow as unknown as Window);
    renderPage(routes());
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Samsung Galaxy A15');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print Statement' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Print Statement' }));

    expect(printed.printed).toBe(true);
    expect(printed.html).toContain('Jane Wanjiru');
    expect(printed.html).toContain('Ksh 9,000.00');
    expect(printed.html).toContain(`<td>Paybill account number</td><td>${loan.account_number}</td>`);
  });

  it('marks the repayments M-Pesa recorded from the paybill', async () => {
    const paid = {
      payment_date: '2025-03-05',
      amount_paid: 3000,
      method: 'mpesa',
      status: 'paid',
    } as const;
    renderPage(
      routes([
        {
          path: '/api/loans/repayments/77',
          body: [
            { ...paid, id: 3, transaction_code: 'QWE123RTY9', source: 'staff' },
            { ...paid, id: 4, transaction_code: 'SKL4H2M9QP', source: 'mpesa' },
          ],
        },
      ]),
    );
    const repayments = await screen.findByRole('table', { name: 'Loan Repayments' });
    const byPaybill = (await within(repayments).findByText('SKL4H2M9QP')).closest('tr') as HTMLElement;
    expect(within(byPaybill).getByText('From paybill')).toBeInTheDocument();
    const byStaff = within(repayments).getByText('QWE123RTY9').closest('tr') as HTMLElement;
    expect(within(byStaff).queryByText('From paybill')).not.toBeInTheDocument();
    expect(within(byStaff).getByText('Approved')).toBeInTheDocument();
  });

  it('shows a rejected repayment as Rejected with its reason', async () => {
    renderPage(
      routes([
        {
          path: '/api/loans/repayments/77',
          body: [
            {
              id: 5,
              payment_date: '2025-03-05',
              amount_paid: 3000,
              method: 'mpesa',
              transaction_code: 'QWE123RTY9',
              status: 'rejected',
              source: 'staff',
              rejection_reason: 'Code not on the statement',
            },
          ],
        },
      ]),
    );
    const repayments = await screen.findByRole('table', { name: 'Loan Repayments' });
    const row = (await within(repayments).findByText('QWE123RTY9')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText('Code not on the statement')).toBeInTheDocument();
  });

  describe('messages and the device lock (issue 35)', () => {
    const alerted = {
      ...loan,
      device_status: 'locked',
      device_lock_state: 'lock_requested',
      device_alert: 'Reported unlocked without an unlock command',
    } as const;

    it("shows the phone's lock state beside the device status, and the provider's alert, which an admin dismisses", async () => {
      const { calls } = renderPage(
        routes([
          { path: '/api/loans/77', body: alerted },
          { method: 'DELETE', path: '/api/loans/77/device-alert', body: { message: 'Device alert cleared' } },
        ]),
      );
      const user = userEvent.setup({ delay: null });
      await screen.findByText('Samsung Galaxy A15');

      const device = screen.getByText('Device Status', { selector: '.ant-descriptions-item-label > span' })
        .parentElement?.nextElementSibling as HTMLElement;
      expect(within(device).getByText('locked')).toBeInTheDocument();
      expect(within(device).getByText('lock requested')).toHaveClass('ant-tag-orange');
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Device alert: Reported unlocked without an unlock command');

      await user.click(within(alert).getByRole('button', { name: 'Dismiss alert' }));
      expect(await screen.findByText('Device alert cleared')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/api/loans/77/device-alert',
      ]);
    });

    it('shows officers the alert without Dismiss alert', async () => {
      renderPage(routes([{ path: '/api/loans/77', body: alerted }]), testOfficer);
      expect(await screen.findByRole('alert')).toHaveTextContent('Device alert:');
      expect(screen.queryByRole('button', { name: 'Dismiss alert' })).not.toBeInTheDocument();
    });

    it('asks again every few seconds while the lock is requested, until the provider confirms it', async () => {
      const detail: FetchRoute = {
        path: '/api/loans/77',
        body: { ...loan, device_status: 'locked', device_lock_state: 'lock_requested' },
      };
      renderPage(routes([detail]));
      const deviceCell = () =>
        screen.getByText('Device Status', { selector: '.ant-descriptions-item-label > span' }).parentElement
          ?.nextElementSibling as HTMLElement;
      expect(await within(await waitFor(deviceCell)).findByText('lock requested')).toBeInTheDocument();

      // The provider confirms: the next poll (3 s, not the lists' 15 s) shows it without a reload.
      detail.body = { ...loan, device_status: 'locked', device_lock_state: 'locked' };
      await waitFor(
        () => expect(within(deviceCell()).queryByText('lock requested')).not.toBeInTheDocument(),
        {
          timeout: 5000,
        },
      );
      expect(within(deviceCell()).getByText('locked')).toBeInTheDocument();
      expect(within(deviceCell()).getByText('phone locked')).toBeInTheDocument();
    });

    it("lists the loan's messages (text, kind, parts, status with why it failed, cost) and device commands", async () => {
      const { calls } = renderPage(
        routes([
          {
            path: '/api/loans/77/messages',
            body: buildPage([
              buildCustomerMessage({
                kind: 'reminder_due',
                text: 'Dear Jane, Ksh 1,750.00 is due today.',
                parts: 1,
                status: 'failed',
                failure_reason: 'AbsentSubscriber',
                cost: null,
              }),
              buildCustomerMessage({ text: 'Dear Jane, we have received Ksh 3,000.00.' }),
            ]),
          },
          {
            path: '/api/loans/77/device-commands',
            body: buildPage([
              buildDeviceCommand({ status: 'failed', attempts: 3, last_error: '503 Service Unavailable' }),
            ]),
          },
        ]),
      );
      const user = userEvent.setup({ delay: null });
      const messages = await screen.findByRole('table', { name: 'Messages' });
      const failed = (await within(messages).findByText('Dear Jane, Ksh 1,750.00 is due today.')).closest(
        'tr',
      ) as HTMLElement;
      expect(within(failed).getByText('Reminder on the due date')).toBeInTheDocument();
      // Why it failed: said to screen readers in the cell, and in the tooltip.
      expect(within(failed).getByText('Failed')).toHaveTextContent('Failed: AbsentSubscriber');
      await user.hover(within(failed).getByText('Failed'));
      expect(await screen.findByRole('tooltip')).toHaveTextContent('AbsentSubscriber');
      const delivered = within(messages)
        .getByText('Dear Jane, we have received Ksh 3,000.00.')
        .closest('tr') as HTMLElement;
      expect(within(delivered).getByText('Receipt')).toBeInTheDocument();
      expect(within(delivered).getByText('Delivered')).toBeInTheDocument();
      expect(within(delivered).getByText('KES 0.8000')).toBeInTheDocument();

      const commands = screen.getByRole('table', { name: 'Device commands' });
      const command = within(commands).getByText('Locked by staff').closest('tr') as HTMLElement;
      expect(within(command).getByText('Lock')).toBeInTheDocument();
      expect(within(command).getByText('Failed')).toBeInTheDocument();
      expect(within(command).getByText('3')).toBeInTheDocument();
      expect(within(command).getByText('503 Service Unavailable')).toBeInTheDocument();
      // One server page each.
      expect(calls.map((call) => call.url)).toEqual(
        expect.arrayContaining(['/api/loans/77/messages?page=1', '/api/loans/77/device-commands?page=1']),
      );
    });

    /** Renders the page for an officer with POST messages answering, and opens Send message. */
    async function openSendMessage() {
      const { calls } = renderPage(
        routes([
          { method: 'POST', path: '/api/loans/77/messages', body: { message: 'Message queued', id: 12 } },
        ]),
        testOfficer,
      );
      const user = userEvent.setup({ delay: null });
      await screen.findByText('Samsung Galaxy A15');
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send message' });
      const posted = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);
      const messagesRead = () =>
        calls.filter((call) => call.url.startsWith('/api/loans/77/messages?')).length;
      return { user, dialog, posted, messagesRead };
    }

    it("Send message posts the officer's own text, counting its SMS parts, and refreshes the messages", async () => {
      const { user, dialog, posted, messagesRead } = await openSendMessage();
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText('Choose a template or write the text')).toBeInTheDocument();
      expect(posted()).toEqual([]);

      await user.type(within(dialog).getByLabelText('Message'), 'Please call the office today.');
      expect(await within(dialog).findByText('29 characters · 1 SMS part')).toBeInTheDocument();
      const before = messagesRead();
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));

      expect(await screen.findByText('Message queued')).toBeInTheDocument();
      expect(posted()).toEqual([{ text: 'Please call the office today.' }]);
      await waitFor(() => expect(messagesRead()).toBeGreaterThan(before));
    });

    it('Send message with a template posts its kind alone', async () => {
      const { user, dialog, posted } = await openSendMessage();
      await user.click(within(dialog).getByRole('combobox', { name: 'Template' }));
      // The option as shown (the listbox's role=option items are antd's screen-reader copies).
      await user.click(await screen.findByTitle('Missed payment'));
      await waitFor(() => expect(within(dialog).queryByLabelText('Message')).not.toBeInTheDocument());
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));

      expect(await screen.findByText('Message queued')).toBeInTheDocument();
      expect(posted()).toEqual([{ kind: 'reminder_missed' }]);
    });
  });
});
