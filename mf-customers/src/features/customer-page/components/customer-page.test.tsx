import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, testOfficer } from '@lender/shared/testing/render-with-providers.tsx';
import { renderAtRoute } from '@lender/shared/testing/render-at-route.tsx';
import {
  buildCollateral,
  buildCustomer,
  buildCustomerApplication,
  buildCustomerLoan,
  buildCustomerOverview,
  buildCustomerRepayment,
  buildGuarantor,
  buildNote,
  buildReferee,
} from '@lender/shared/testing/customer-builders.ts';
import { buildPage } from '@lender/shared/testing/loan-builders.ts';
import { buildCustomerMessage, buildDeviceCommand } from '@lender/shared/testing/outbox-builders.ts';
import CustomerPage, { CUSTOMER_NOT_FOUND } from './customer-page';

function renderPage(route = '/customers/21', user?: typeof testOfficer) {
  return renderAtRoute('/customers/:id', <CustomerPage />, { route, user });
}

const jane = buildCustomer({
  id: 21,
  first_name: 'Jane',
  last_name: 'Wanjiru',
  phone: '+254712345678',
  national_id: '12345678',
  passport_photo: 'https://files.test/passport.jpg',
});
const loan = buildCustomerLoan({
  id: 7,
  account_number: 'LN-0007',
  status: 'partially_paid',
  total: 11_000,
  paid: 2_000,
  balance: 9_000,
});
const overview = buildCustomerOverview({
  customer: jane,
  referees: [buildReferee({ name: 'Peter Kamau' })],
  collaterals: [buildCollateral({ item_name: 'Television' })],
  guarantors: [
    buildGuarantor({ name: 'Grace Achieng', collaterals: [buildCollateral({ item_name: 'Motorbike' })] }),
  ],
  applications: [buildCustomerApplication({ loan_id: 7, product: 'Smartphone 30 days' })],
  loans: [loan],
  repayments: [buildCustomerRepayment({ loan_id: 7, account_number: 'LN-0007', code: 'QGH7654321' })],
  notes: [
    buildNote({
      loan_id: 7,
      note: 'Promised to pay on Friday',
      type: 'promise',
      promise_date: '2025-03-28',
      promise_amount: 1500,
      promise_status: 'kept',
    }),
  ],
});
const OVERVIEW = '/api/customers/21/overview';
const MESSAGES = '/api/customers/21/messages';
const COMMANDS = '/api/customers/21/device-commands';

describe('customer page', () => {
  it("shows the customer's details, photo and loans, each loan opening its page by URL", async () => {
    mockFetch([{ path: OVERVIEW, body: overview }]);
    const person = userEvent.setup({ delay: null });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Jane Wanjiru' })).toBeInTheDocument();
    expect(screen.getByText('+254712345678 · ID 12345678')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Passport photo of Jane Wanjiru' })).toHaveAttribute(
      'src',
      'https://files.test/passport.jpg',
    );
    const loans = screen.getByRole('table', { name: 'Loans' });
    const row = within(loans).getByRole('link', { name: 'Open loan LN-0007' }).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('partially paid');
    expect(row).toHaveTextContent('Ksh 9,000.00');

    await person.click(within(row).getByRole('link', { name: 'Open loan LN-0007' }));
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/viewloan/7');
  });

  it('lists applications, repayments, notes, next of kin, collaterals and guarantors in their sections', async () => {
    mockFetch([{ path: OVERVIEW, body: overview }]);
    renderPage();
    await screen.findByRole('heading', { name: 'Jane Wanjiru' });

    expect(screen.getByRole('heading', { name: 'Applications (1)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Applications' })).getByText('Smartphone 30 days'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Repayments (1)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Repayments' })).getByText('QGH7654321'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notes (1)' })).toBeInTheDocument();
    const notes = screen.getByRole('table', { name: 'Notes' });
    expect(within(notes).getByText('Promised to pay on Friday')).toBeInTheDocument();
    expect(
      within(notes).getByText(`Promise to pay: ${formatDay('2025-03-28')}, Ksh 1,500.00 (Kept)`),
    ).toBeInTheDocument();
    expect(within(notes).getByRole('link', { name: 'Open loan LN-0007' })).toHaveAttribute(
      'href',
      '/viewloan/7',
    );
    expect(screen.getByRole('heading', { name: 'Next of Kin (1)' })).toBeInTheDocument();
    expect(screen.getByText('Peter Kamau')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Collaterals (1)' })).toBeInTheDocument();
    expect(screen.getByText('Television')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Guarantors (1)' })).toBeInTheDocument();
    expect(screen.getByText('Guarantor 1: Grace Achieng')).toBeInTheDocument();
    expect(screen.getByText('Motorbike')).toBeInTheDocument();
  });

  it('Apply stores the customer and goes to the loan application', async () => {
    mockFetch([{ path: OVERVIEW, body: overview }]);
    const person = userEvent.setup({ delay: null });
    renderPage();

    await person.click(await screen.findByRole('button', { name: 'Apply for Jane Wanjiru' }));
    expect(localStorage.getItem('customerId')).toBe('21');
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/loan-application');
  });

  it('offers Edit to admins only', async () => {
    mockFetch([{ path: OVERVIEW, body: overview }]);
    const view = renderPage('/customers/21', testOfficer);
    await screen.findByRole('heading', { name: 'Jane Wanjiru' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    view.unmount();

    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("says so for another officer's customer or an unknown one (the server's 404)", async () => {
    mockFetch([{ path: OVERVIEW, status: 404, body: { message: 'Customer 21 not found' } }]);
    renderPage();
    expect(await screen.findByRole('heading', { name: CUSTOMER_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All Customers' })).toBeInTheDocument();
  });

  it('says so without asking the server for an id that is no id', async () => {
    const { calls } = mockFetch([]);
    renderPage('/customers/abc');
    expect(await screen.findByRole('heading', { name: CUSTOMER_NOT_FOUND })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("lists the customer's messages and device commands, one server page each", async () => {
    const { calls } = mockFetch([
      { path: OVERVIEW, body: overview },
      {
        path: MESSAGES,
        body: buildPage([
          buildCustomerMessage({
            text: 'Dear Jane, Ksh 1,750.00 is due today.',
            kind: 'reminder_due',
            status: 'queued',
          }),
        ]),
      },
      {
        path: COMMANDS,
        body: buildPage([buildDeviceCommand({ action: 'unlock', reason: 'arrears_cleared' })]),
      },
    ]);
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    const messages = await screen.findByRole('table', { name: 'Messages' });
    const message = (await within(messages).findByText('Dear Jane, Ksh 1,750.00 is due today.')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(message).getByText('Reminder on the due date')).toBeInTheDocument();
    expect(within(message).getByText('Queued')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Device commands' })).toBeInTheDocument();
    const commands = await screen.findByRole('table', { name: 'Device commands' });
    const command = within(commands).getByText('Arrears cleared').closest('tr') as HTMLElement;
    expect(within(command).getByText('Unlock')).toBeInTheDocument();
    expect(within(command).getByText('Confirmed')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining([`${MESSAGES}?page=1`, `${COMMANDS}?page=1`]),
    );
  });

  it('the Reminders switch opts the customer out of reminders', async () => {
    const { calls } = mockFetch([
      { path: OVERVIEW, body: overview },
      { path: MESSAGES, body: buildPage([]) },
      { path: COMMANDS, body: buildPage([]) },
      { method: 'POST', path: '/api/customers/21/reminders', body: { message: 'Reminders turned off' } },
    ]);
    const person = userEvent.setup({ delay: null });
    renderPage('/customers/21', testOfficer);

    const reminders = await screen.findByRole('switch', { name: 'Reminders' });
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleDescription('Receipts and confirmations are always sent.');
    const overviewReads = () => calls.filter((call) => call.url === OVERVIEW).length;
    await person.click(reminders);

    expect(await screen.findByText('Reminders turned off')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/customers/21/reminders', { opted_out: true }],
    ]);
    // The customer is read again, with the new choice.
    await waitFor(() => expect(overviewReads()).toBe(2));
  });

  it('shows an opted-out customer unchecked; turning reminders on sends opted_out false', async () => {
    const { calls } = mockFetch([
      { path: OVERVIEW, body: { ...overview, customer: { ...jane, reminders_opt_out: true } } },
      { path: MESSAGES, body: buildPage([]) },
      { path: COMMANDS, body: buildPage([]) },
      { method: 'POST', path: '/api/customers/21/reminders', body: { message: 'Reminders turned on' } },
    ]);
    const person = userEvent.setup({ delay: null });
    renderPage();

    const reminders = await screen.findByRole('switch', { name: 'Reminders' });
    expect(reminders).not.toBeChecked();
    await person.click(reminders);
    expect(await screen.findByText('Reminders turned on')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ opted_out: false });
  });
});
