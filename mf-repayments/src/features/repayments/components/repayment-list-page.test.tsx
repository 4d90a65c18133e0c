import { formatDay } from '@lender/shared/domain/date-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectListReadAgain } from '@lender/shared/testing/expect-read-again.ts';
import type { Repayment, RepaymentsPage } from '@lender/shared/contract/repayments';
import { buildPage, buildRepayment } from '@lender/shared/testing/loan-builders.ts';
import {
  mockFetch,
  renderWithProviders,
  testAdmin,
  testOfficer,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import { expectNoButtonsForOfficer } from '@lender/shared/testing/expect-admin-only.tsx';
import { renderListRow } from '@lender/shared/testing/find-row.ts';
import { RepaymentListPage } from './repayment-list-page';

const wanjiru = buildRepayment({
  id: 5,
  loan_id: 31,
  customer_id: 42,
  customer_name: 'Wanjiru Kamau',
  mpesa_code: 'QJK7H2L9XZ',
  paid_date: '2025-03-14',
  due_date: '2025-04-01',
  created_at: '2025-03-14T09:30:00.000Z',
  created_by_name: 'Otieno Officer',
  loan_status: 'active',
  status: 'pending',
  approved_at: null,
});

const page = (rows: Repayment[]): RepaymentsPage => buildPage(rows);

const PENDING = { path: '/api/repayments/pending', body: page([wanjiru]) };

/** The list's own requests, without those of its filters' choices (products, officers). */
const listUrls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => url.startsWith('/api/repayments/'));
const APPROVE = { method: 'PUT', path: '/api/repayments/5' };

/** Approve asks first, naming the customer, the amount and the M-Pesa code; this says yes. */
async function confirmInDialog(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Approve Repayment' });
  expect(within(dialog).getByText('Wanjiru Kamau')).toBeInTheDocument();
  expect(within(dialog).getByText('QJK7H2L9XZ')).toBeInTheDocument();
  expect(within(dialog).getByText(/2,500/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
}

/** Lists Wanjiru's pending repayment, approves it and confirms, with the server answering `answer`. */
async function approveWanjiru(answer: Omit<FetchRoute, 'method' | 'path'>) {
  const mocked = mockFetch([PENDING, { ...APPROVE, ...answer }]);
  renderWithProviders(<RepaymentListPage list="pending" />);

  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Approve the repayment of Wanjiru Kamau' }));
  await confirmInDialog(user);
  return mocked;
}

describe('Pending repayments', () => {
  it('lists each repayment with its loan status, amount in Ksh, M-Pesa code and dates', async () => {
    const { calls, row } = await renderListRow(
      <RepaymentListPage list="pending" />,
      [PENDING],
      'Wanjiru Kamau',
    );
    for (const text of ['Ksh 2,500.00', 'QJK7H2L9XZ', formatDay('2025-03-14'), formatDay('2025-04-01')]) {
      expect(within(row).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(row).getByText(/active/i)).toBeInTheDocument();
    for (const title of [
      'Customer Name',
      'Loan Status',
      'Amount',
      'Mpesa Reference',
      'Paid Date',
      'Due Date',
      'Created At',
    ]) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    expect(listUrls(calls)[0]).toBe('/api/repayments/pending?role=admin&officerId=1&page=1');
  });

  it('searches on the server with the search kept in the URL', async () => {
    const { calls } = mockFetch([PENDING]);
    renderWithProviders(<RepaymentListPage list="pending" />, {
      route: '/pending-repayments?search=QJK&page=2',
    });

    await screen.findByText('Wanjiru Kamau');
    expect(calls.some((call) => call.url.includes('page=2') && call.url.includes('search=QJK'))).toBe(true);
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('QJK');

    const user = userEvent.setup({ delay: null });
    await replaceText(user, screen.getByRole('searchbox', { name: /Search/ }), 'wanjiru{Enter}');
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/repayments/pending?role=admin&officerId=1&page=1&search=wanjiru'),
    );
  });

  it('approves with the repayment body and says so', async () => {
    const { calls } = await approveWanjiru({ body: { message: 'Repayment updated' } });

    expect(await screen.findByText('Repayment approved successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      loanId: 31,
      amount: 2500,
      status: 'paid',
      mpesaCode: 'QJK7H2L9XZ',
      customerId: 42,
      initiatedBy: testAdmin.id,
    });
    // The list is fetched again after the change.
    await expectListReadAgain(calls, '/api/repayments/pending');
  });

  it('sends nothing when the approval is cancelled', async () => {
    const { calls } = mockFetch([PENDING, { ...APPROVE, body: { message: 'Repayment updated' } }]);
    renderWithProviders(<RepaymentListPage list="pending" />);

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Approve the repayment of Wanjiru Kamau' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Repayment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers Approve to admins only', async () => {
    await expectNoButtonsForOfficer(<RepaymentListPage list="pending" />, [PENDING], 'Wanjiru Kamau', [
      /Approve/,
    ]);
  });

  it("says 'You are not authorized' when the server answers with an error field", async () => {
    await approveWanjiru({ status: 403, body: { error: 'Forbidden', message: 'Admins only' } });

    expect(await screen.findByText('You are not authorized')).toBeInTheDocument();
  });

  it("shows the server's message, else the unexpected-error text", async () => {
    await approveWanjiru({ status: 409, body: { message: 'Repayment is already paid' } });

    expect(await screen.findByText('Repayment is already paid')).toBeInTheDocument();
  });

  describe('Reject', () => {
    const REJECT = { method: 'PUT', path: '/api/repayments/reject/5' };

    /** Opens Reject on Wanjiru's row: the dialog names her, the amount and the code. */
    async function openReject(answer: Omit<FetchRoute, 'method' | 'path'> = { body: { message: 'ok' } }) {
      const mocked = mockFetch([PENDING, { ...REJECT, ...answer }]);
      renderWithProviders(<RepaymentListPage list="pending" />);
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Reject the repayment of Wanjiru Kamau' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reject repayment' });
      return { ...mocked, user, dialog };
    }

    it('names the customer, the amount and the code, and asks for a reason before any request', async () => {
      const { calls, user, dialog } = await openReject();
      expect(within(dialog).getByText('Wanjiru Kamau')).toBeInTheDocument();
      expect(within(dialog).getByText('Ksh 2,500.00')).toBeInTheDocument();
      expect(within(dialog).getByText('QJK7H2L9XZ')).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText('Reason'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    });

    it('rejects with the reason at once (no second question), says so and reads the list again', async () => {
      const { calls, user, dialog } = await openReject();
      await user.type(within(dialog).getByLabelText('Reason'), ' Code not on the statement ');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      expect(await screen.findByText('Repayment rejected')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        reason: 'Code not on the statement',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await expectListReadAgain(calls, '/api/repayments/pending');
    });

    it("shows the server's refusal in the dialog", async () => {
      const { user, dialog } = await openReject({
        status: 409,
        body: { message: 'This repayment has already been approved' },
      });
      await user.type(within(dialog).getByLabelText('Reason'), 'Amount typed wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('This repayment has already been approved')).toBeInTheDocument();
    });

    it('is offered to admins only', async () => {
      await expectNoButtonsForOfficer(<RepaymentListPage list="pending" />, [PENDING], 'Wanjiru Kamau', [
        /Reject/,
      ]);
    });
  });

  it("says 'Failed to fetch repayments.' when the list fails without a message", async () => {
    mockFetch([{ ...PENDING, status: 500, body: {} }]);
    renderWithProviders(<RepaymentListPage list="pending" />);

    expect(await screen.findByText('Failed to fetch repayments.')).toBeInTheDocument();
  });
});

describe('Approved and all repayments', () => {
  it('lists approved repayments with the payment date and loan status', async () => {
    const paid = { ...wanjiru, status: 'paid' as const, approved_at: '2025-03-15T08:00:00.000Z' };
    const { calls, row } = await renderListRow(
      <RepaymentListPage list="approved" />,
      [{ path: '/api/repayments/approved', body: page([paid]) }],
      'Wanjiru Kamau',
    );
    expect(within(row).getByText('Ksh 2,500.00')).toBeInTheDocument();
    expect(within(row).getByText('QJK7H2L9XZ')).toBeInTheDocument();
    expect(within(row).getByText(formatDay('2025-03-14'))).toBeInTheDocument();
    for (const title of ['Customer Name', 'Amount', 'Payment Date', 'Mpesa Reference', 'Loan Status']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(listUrls(calls)[0]).toBe('/api/repayments/approved?role=admin&officerId=1&page=1');
  });

  it('shows a rejected repayment as Rejected with its reason in All Repayments', async () => {
    const rejected = buildRepayment({
      ...wanjiru,
      status: 'rejected',
      rejected_at: '2025-03-15T08:00:00.000Z',
      rejection_reason: 'Code not on the statement',
    });
    const { row } = await renderListRow(
      <RepaymentListPage list="all" />,
      [{ path: '/api/repayments', body: page([rejected]) }],
      'Wanjiru Kamau',
    );
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText('Code not on the statement')).toBeInTheDocument();
  });

  it('lists all repayments without the loan status column, and exports them as CSV', async () => {
    const { calls } = mockFetch([
      { path: '/api/repayments', body: page([wanjiru]) },
      { path: '/api/exports/repayments.csv', body: 'Repayment ID\r\n' },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RepaymentListPage list="all" />, { route: '/repayments?search=QJK' });

    await screen.findByText('Wanjiru Kamau');
    expect(screen.getByRole('heading', { name: 'All Repayments' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Loan Status' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/exports/repayments.csv?list=all&search=QJK'),
    );
  });
});

describe('Sorting and filtering the repayment lists', () => {
  const OFFICERS = {
    path: '/api/users/officers',
    body: [
      { id: 7, name: 'Amina Odhiambo', is_active: true },
      { id: 8, name: 'Brian Otieno', is_active: true },
    ],
  };
  it('sorts by amount on a header click, in the URL, and asks the server for that order', async () => {
    const { calls } = mockFetch([PENDING, OFFICERS]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RepaymentListPage list="pending" />, { route: '/pending-repayments' });
    await screen.findByText('Wanjiru Kamau');

    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));

    await waitFor(() =>
      expect(listUrls(calls)).toContain(
        '/api/repayments/pending?role=admin&officerId=1&page=1&sort=amount&order=asc',
      ),
    );
  });

  it("filters an admin's list by officer and payment days, and Export takes the same filters", async () => {
    const { calls } = mockFetch([{ path: '/api/repayments/approved', body: page([wanjiru]) }, OFFICERS]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RepaymentListPage list="approved" />, {
      route: '/approved-repayments?from=2025-03-01&to=2025-03-31&sort=paid_date&order=desc',
    });
    await screen.findByText('Wanjiru Kamau');
    expect(screen.getByLabelText('Paid from')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('Paid to')).toHaveValue('2025-03-31');

    await user.click(screen.getByRole('combobox', { name: 'Officer' }));
    await user.click(await screen.findByTitle('Brian Otieno'));

    await waitFor(() =>
      expect(listUrls(calls)).toContain(
        '/api/repayments/approved?role=admin&officerId=8&page=1&sort=paid_date&order=desc&from=2025-03-01&to=2025-03-31',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/exports/repayments.csv?list=approved&sort=paid_date&order=desc&officerId=8&from=2025-03-01&to=2025-03-31',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(listUrls(calls).at(-1)).toBe(
        '/api/repayments/approved?role=admin&officerId=1&page=1&sort=paid_date&order=desc',
      ),
    );
  });

  it('gives officers the payment days but no officer filter', async () => {
    const { calls } = mockFetch([PENDING]);
    renderWithProviders(<RepaymentListPage list="pending" />, {
      user: testOfficer,
      route: '/pending-repayments?officerId=8&from=2025-03-01',
    });
    await screen.findByText('Wanjiru Kamau');

    expect(screen.queryByRole('combobox', { name: 'Officer' })).not.toBeInTheDocument();
    expect(listUrls(calls)).toEqual([
      `/api/repayments/pending?role=officer&officerId=${testOfficer.id}&page=1&from=2025-03-01`,
    ]);
    expect(calls.some((call) => call.url.startsWith('/api/users/officers'))).toBe(false);
  });

  it('filters by the loan product, in the URL, for officers too, and Export takes it', async () => {
    const { calls } = mockFetch([
      PENDING,
      { path: '/api/loanProducts', body: [{ id: 3, name: 'Phone Plus' }] },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<RepaymentListPage list="pending" />, {
      user: testOfficer,
      route: '/pending-repayments?sort=amount',
    });
    await screen.findByText('Wanjiru Kamau');

    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByTitle('Phone Plus'));
    await waitFor(() =>
      expect(listUrls(calls).at(-1)).toBe(
        `/api/repayments/pending?role=officer&officerId=${testOfficer.id}&page=1&sort=amount&order=asc&productId=3`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/exports/repayments.csv?list=pending&sort=amount&order=asc&productId=3',
      ),
    );
  });
});
