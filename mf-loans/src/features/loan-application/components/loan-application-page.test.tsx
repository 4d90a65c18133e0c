import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setChosenCustomer } from '@lender/shared/client/session';
import type { CustomerDetails } from '@lender/shared/contract/customers';
import type { Product } from '@lender/shared/contract/products';
import { mockFetch, renderWithProviders, testAdmin } from '@lender/shared/testing/render-with-providers.tsx';
import { expectShownIn } from '@lender/shared/testing/expect-shown.ts';
import { fillFields, replaceText } from '@lender/shared/testing/fill-fields.ts';
import { dayjs } from '@lender/shared/ui/antd';
import { datePart } from '@lender/shared/ui/field-column';
import { nairobiToday } from '../../../components/loan-columns';
import LoanApplicationPage from './loan-application-page';

type Person = ReturnType<typeof userEvent.setup>;

const phonePlus: Product = {
  id: 7,
  name: 'Phone Plus',
  description: 'Mid-range phones',
  min_amount: 5000,
  max_amount: 50000,
  interest_rate: 10,
  duration_days: 30,
};

const customer: CustomerDetails = {
  customer: {
    id: 42,
    first_name: 'Achieng',
    last_name: 'Wambui',
    phone: '+254712345678',
    email: null,
    national_id: '12345678',
    county: 'Nairobi',
    occupation: 'Trader',
    residence_details: null,
    address: 'Kibera',
    monthly_income: 30000,
    created_by: 1,
    created_by_name: 'Amina Odhiambo',
    reminders_opt_out: false,
    passport_photo: null,
    national_id_photo: null,
    created_at: '2025-03-01T08:00:00Z',
  },
  collaterals: [],
  referees: [],
  guarantors: [],
};

const READS = [
  { path: '/api/loanProducts', body: [phonePlus] },
  { path: '/api/customerNew/42', body: customer },
];
const SUBMIT = { method: 'POST', path: '/api/loansApplication' };

function renderForm() {
  return renderWithProviders(<LoanApplicationPage />, {
    route: '/loan-application',
    path: '/loan-application',
  });
}

async function fillIn(user: Person) {
  await user.click(screen.getByRole('combobox', { name: 'Product' }));
  await user.click(
    await screen.findByRole('option', { name: 'Phone Plus (Ksh 5,000.00 – Ksh 50,000.00, 10%, 30 days)' }),
  );
  await fillFields(user, document.body, {
    Amount: '10000',
    Purpose: 'Business phone',
    Model: 'Tecno Spark 20',
    'IMEI Number': '356938035643809',
    'Mpesa Code': 'QJK4H7Z2XP',
  });
}

/** Renders the form, waits for the customer, fills it in and submits it. */
async function fillInAndSubmit(user: Person) {
  renderForm();
  await screen.findByText('Achieng Wambui');
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('Loan application', () => {
  beforeEach(() => setChosenCustomer(42));

  it("shows the chosen customer's name and previews the total cost of the chosen product", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(READS);
    renderForm();

    expect(await screen.findByText('Achieng Wambui')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Installment Type' })).toBeInTheDocument();
    expect(screen.getByText('Weekly')).toBeInTheDocument();
    await fillIn(user);

    const preview = screen.getByText('Total cost').closest('.ant-descriptions') as HTMLElement;
    const row = (label: string) => within(preview).getByText(label).closest('tr') as HTMLElement;
    expectShownIn(row, {
      Principal: 'Ksh 10,000.00',
      'Interest (10%)': 'Ksh 1,000.00',
      'Total to repay': 'Ksh 11,000.00',
      'Weekly installment': 'Ksh 2,750.00',
      'Number of weeks': '4',
    });
  });

  it('shows the installment plan as the amount and product are chosen: each installment, its due date and amount, and the total', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(READS);
    renderForm();
    await screen.findByText('Achieng Wambui');
    await fillIn(user);

    const section = screen.getByRole('region', { name: 'Installment plan' });
    expect(
      within(section).getByText('4 weekly installments, if approved for this amount'),
    ).toBeInTheDocument();
    const plan = within(section).getByRole('table');
    const rows = within(plan).getAllByRole('row').slice(1);
    const today = nairobiToday();
    const due = (days: number) => datePart(dayjs(today).add(days, 'day').format('YYYY-MM-DD'));
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', due(7), 'Ksh 2,750.00'],
      ['2', due(14), 'Ksh 2,750.00'],
      ['3', due(21), 'Ksh 2,750.00'],
      ['4', due(30), 'Ksh 2,750.00'],
      ['Total to repay', 'Ksh 11,000.00'],
    ]);

    // Another amount: the plan follows, the last installment taking the remainder.
    await replaceText(user, screen.getByLabelText('Amount'), '10001');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Installment plan' }))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.lastElementChild?.textContent),
      ).toEqual(['Ksh 2,750.28', 'Ksh 2,750.28', 'Ksh 2,750.28', 'Ksh 2,750.26', 'Ksh 11,001.10']),
    );
  });

  it('says what is missing or wrong in every field at once and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch(READS);
    renderForm();
    await screen.findByText('Achieng Wambui');

    await fillFields(user, document.body, { 'IMEI Number': '12345', 'Mpesa Code': 'ABC' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    for (const message of [
      'Product is required',
      'Amount is required',
      'Purpose is required',
      'Phone model is required',
      'IMEI must be 15 digits with a valid check digit',
      'M-Pesa code must be 10 letters and digits, like QGH7XK2LMN',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('checks the amount against the chosen product’s bounds before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch(READS);
    renderForm();
    await screen.findByText('Achieng Wambui');
    await fillIn(user);
    await replaceText(user, screen.getByLabelText('Amount'), '60000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Amount must be between Ksh 5,000.00 and Ksh 50,000.00 for Phone Plus'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends the application with numbers and integer ids, says so, and returns to / after 1.5 s', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      ...READS,
      { ...SUBMIT, status: 201, body: { message: 'Loan application submitted', id: 9 } },
    ]);
    await fillInAndSubmit(user);

    expect(await screen.findByText('Loan application submitted successfully!')).toBeInTheDocument();
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument(); // not at once
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      amount: 10000,
      purpose: 'Business phone',
      mpesaCode: 'QJK4H7Z2XP',
      productId: 7,
      customerId: 42,
      installmentType: 'weekly',
      officerId: testAdmin.id,
      imei: '356938035643809',
      model: 'Tecno Spark 20',
    });
    expect(await screen.findByText('elsewhere')).toBeInTheDocument(); // navigated to /
  });

  it("says 'Submitting, please wait...' while the application is being sent", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(READS);
    const pending = new Promise<Response>(() => {});
    renderForm();
    await screen.findByText('Achieng Wambui');
    await fillIn(user);
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => pending);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Submitting, please wait...')).toBeInTheDocument();
  });

  it("shows 'Error: ' and the server's message when the server refuses", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch([
      ...READS,
      {
        ...SUBMIT,
        status: 400,
        body: {
          message: 'Invalid request',
          errors: [{ field: 'amount', msg: 'Amount must be between 5000 and 50000' }],
        },
      },
    ]);
    await fillInAndSubmit(user);

    expect(await screen.findByText('Error: Amount must be between 5000 and 50000')).toBeInTheDocument();
    // And on the field it names.
    await waitFor(() =>
      expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
        'Amount must be between 5000 and 50000',
      ),
    );
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
  });

  it("uses the server's message when there are no field errors", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch([
      ...READS,
      { ...SUBMIT, status: 409, body: { message: 'This customer already has a pending application' } },
    ]);
    await fillInAndSubmit(user);

    expect(
      await screen.findByText('Error: This customer already has a pending application'),
    ).toBeInTheDocument();
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to submit loan application' when the answer has no message", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch([...READS, { ...SUBMIT, status: 502, body: {} }]);
    await fillInAndSubmit(user);

    expect(await screen.findByText('Failed to submit loan application')).toBeInTheDocument();
  });
});

describe('Loan application without a chosen customer', () => {
  it('says no customer is chosen, links to All Customers and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch(READS);
    renderForm();

    expect(await screen.findByText('No customer is chosen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Customers' })).toHaveAttribute('href', '/customers');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(calls.some((call) => call.url.startsWith('/api/customerNew'))).toBe(false);
  });
});
