import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Repayment } from '@lender/shared/contract/repayments';
import { formatKsh } from '@lender/shared/domain/money';
import { buildPage, buildRepayment } from '@lender/shared/testing/loan-builders.ts';
import {
  mockFetch,
  renderWithProviders,
  testOfficer,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import { RepaymentListPage } from './repayment-list-page';

const rows: Repayment[] = [
  buildRepayment({
    id: 5,
    customer_name: 'Wanjiru Kamau',
    amount: 2500,
    mpesa_code: 'QJK7H2L9XZ',
    status: 'pending',
  }),
  buildRepayment({
    id: 6,
    customer_name: 'Baraka Mwangi',
    amount: 1000.5,
    mpesa_code: 'QJK7H2L9XY',
    status: 'pending',
  }),
  buildRepayment({
    id: 7,
    customer_name: 'Achieng Otieno',
    amount: 750,
    mpesa_code: 'QJK7H2L9XW',
    status: 'pending',
  }),
];
const PENDING = { path: '/api/repayments/pending', body: buildPage(rows) };
const BATCH = {
  method: 'POST',
  path: '/api/repayments/approve-batch',
  body: {
    results: [
      { id: 5, ok: true, message: 'Repayment approved successfully!' },
      { id: 6, ok: false, message: 'This repayment has already been approved' },
    ],
  },
};

const checkboxOf = (name: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`^Select the repayment of ${name}`) });

async function renderPending(routes: FetchRoute[] = [PENDING, BATCH]) {
  const mocked = mockFetch(routes);
  renderWithProviders(<RepaymentListPage list="pending" />);
  await screen.findByText('Wanjiru Kamau');
  return { ...mocked, user: userEvent.setup({ delay: null }) };
}

describe('Approving pending repayments together', () => {
  it('asks once, naming how many and the total, sends the ids and lists what was refused and why', async () => {
    const { calls, user } = await renderPending();
    await user.click(checkboxOf('Wanjiru Kamau'));
    await user.click(checkboxOf('Baraka Mwangi'));
    expect(screen.getByText(`2 repayments selected, ${formatKsh(3500.5)}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 repayments' });
    expect(
      within(dialog).getByText(
        `Approve 2 repayments totalling ${formatKsh(3500.5)}? Each is approved on its own; any that cannot be is listed with the reason.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const result = await screen.findByRole('dialog', { name: 'Repayment approvals' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [5, 6] });
    expect(within(result).getByText('1 approved, 1 refused.')).toBeInTheDocument();
    expect(
      within(within(result).getByRole('region', { name: 'Refused' })).getByText(
        `Baraka Mwangi, ${formatKsh(1000.5)}: This repayment has already been approved`,
      ),
    ).toBeInTheDocument();
    expect(
      within(within(result).getByRole('region', { name: 'Approved' })).getByText(
        `Wanjiru Kamau, ${formatKsh(2500)}`,
      ),
    ).toBeInTheDocument();
    // Only one confirmation was asked, and the selection is cleared once decided.
    expect(screen.queryByRole('dialog', { name: 'Approve 2 repayments' })).not.toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Close' }));
    expect(screen.getByText(/Select repayments to decide them together/)).toBeInTheDocument();
  });

  it('selects every repayment of the page with Select all', async () => {
    const { user } = await renderPending();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText(`3 repayments selected, ${formatKsh(4250.5)}`)).toBeInTheDocument();
    for (const row of rows) expect(checkboxOf(row.customer_name)).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    for (const row of rows) expect(checkboxOf(row.customer_name)).not.toBeChecked();
  });

  it('keeps what was picked on one page while the next is picked, and approves them all at once', async () => {
    const second = buildRepayment({ id: 8, customer_name: 'Njeri Wambui', amount: 300, status: 'pending' });
    const { calls, user } = await renderPending([
      {
        path: /\/api\/repayments\/pending\?.*page=2/,
        body: buildPage([second], { page: 2, total: 4, totalPages: 2 }),
      },
      { path: /\/api\/repayments\/pending\?/, body: buildPage(rows, { total: 4, totalPages: 2 }) },
      {
        ...BATCH,
        body: {
          results: [5, 6, 7, 8].map((id) => ({ id, ok: true, message: 'Repayment approved successfully!' })),
        },
      },
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Select the repayment of Njeri Wambui/ }));
    expect(screen.getByText(`4 repayments selected, ${formatKsh(4550.5)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 4 repayments' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const result = await screen.findByRole('dialog', { name: 'Repayment approvals' });
    expect(within(result).getByText('4 approved, 0 refused.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [5, 6, 7, 8] });
  });

  it('shows the last page busy until the next one arrives, then offers its rows', async () => {
    const second = buildRepayment({ id: 8, customer_name: 'Njeri Wambui', amount: 300, status: 'pending' });
    let arrive = () => {};
    const until = new Promise<void>((resolve) => (arrive = resolve));
    const { user } = await renderPending([
      {
        path: /\/api\/repayments\/pending\?.*page=2/,
        body: buildPage([second], { page: 2, total: 4, totalPages: 2 }),
        until,
      },
      { path: /\/api\/repayments\/pending\?/, body: buildPage(rows, { total: 4, totalPages: 2 }) },
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Page 1's rows are still shown, under the loading veil (no clicks reach them).
    expect(screen.getByText('Wanjiru Kamau').closest('[aria-busy="true"]')).not.toBeNull();
    arrive();
    await screen.findByText('Njeri Wambui');
    await waitFor(() => expect(screen.getByText('Njeri Wambui').closest('[aria-busy="true"]')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText(`1 repayment selected, ${formatKsh(300)}`)).toBeInTheDocument();
  });

  it('moves between rows with the arrow keys and selects with Space', async () => {
    const { user } = await renderPending();
    const tableRows = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
    expect(tableRows).toHaveLength(3);
    // One row in the tab order: the first, until another is moved to.
    expect(tableRows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    tableRows[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(tableRows[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(checkboxOf('Baraka Mwangi')).toBeChecked();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(tableRows[2]).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(tableRows[0]).toHaveFocus();
    expect(tableRows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByText(`2 repayments selected, ${formatKsh(1750.5)}`)).toBeInTheDocument();
    await user.keyboard('{ArrowDown} ');
    expect(checkboxOf('Baraka Mwangi')).not.toBeChecked();
    expect(checkboxOf('Achieng Otieno')).toBeChecked();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { calls, user } = await renderPending();
    await user.click(checkboxOf('Achieng Otieno'));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 1 repayment' });
    expect(within(dialog).getByText(new RegExp(`totalling ${formatKsh(750)}`))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(checkboxOf('Achieng Otieno')).toBeChecked();
  });

  it('offers no selection to an officer', async () => {
    mockFetch([PENDING]);
    renderWithProviders(<RepaymentListPage list="pending" />, { user: testOfficer });
    await screen.findByText('Wanjiru Kamau');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve selected' })).not.toBeInTheDocument();
  });

  it('offers no selection on the approved list', async () => {
    mockFetch([{ path: '/api/repayments/approved', body: buildPage(rows) }]);
    renderWithProviders(<RepaymentListPage list="approved" />);
    await screen.findByText('Wanjiru Kamau');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
