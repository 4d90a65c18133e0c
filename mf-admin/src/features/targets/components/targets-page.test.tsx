import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Target } from '@lender/shared/contract/targets';
import { mockFetch, renderWithProviders, refusal } from '@lender/shared/testing/render-with-providers.tsx';
import { currentMonth, monthLabel, shiftMonth } from '@lender/shared/ui/month-navigator.tsx';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import TargetsPage from './targets-page';

const now = currentMonth();
const rows: Target[] = [
  {
    officer_id: null,
    officer_name: null,
    ...now,
    disbursement_target: 500_000,
    collection_target: 400_000,
  },
  {
    officer_id: 2,
    officer_name: 'Brian Otieno',
    ...now,
    disbursement_target: 100_000,
    collection_target: 80_000,
  },
];

describe('Monthly targets', () => {
  it('shows this month’s targets and Save sends every row as {targets}', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([
      { path: '/api/targets', body: rows },
      { method: 'PUT', path: '/api/targets', body: { message: 'Targets saved', targets: rows } },
    ]);
    renderWithProviders(<TargetsPage />, { route: '/targets' });

    expect(screen.getByText(monthLabel(now))).toBeInTheDocument();
    const company = await screen.findByLabelText('Company disbursement target');
    // Thousands separators, as every amount in the product.
    expect(company).toHaveValue('500,000.00');
    expect(calls[0]?.url).toBe(`/api/targets?month=${now.month}&year=${now.year}`);

    await replaceText(user, company, '1600000');
    expect(company).toHaveValue('1,600,000');
    await replaceText(user, screen.getByLabelText('Brian Otieno collection target'), '90000.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Targets saved')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(`/api/targets?month=${now.month}&year=${now.year}`);
    expect(put?.body).toEqual({
      targets: [
        { officerId: null, disbursementTarget: 1_600_000, collectionTarget: 400_000 },
        { officerId: 2, disbursementTarget: 100_000, collectionTarget: 90_000.5 },
      ],
    });
  });

  it('shows the server message when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch([
      { path: '/api/targets', body: rows },
      refusal('PUT', '/api/targets', 400, 'Collection target must be 0 or more'),
    ]);
    renderWithProviders(<TargetsPage />, { route: '/targets' });

    await screen.findByLabelText('Company disbursement target');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Collection target must be 0 or more')).toBeInTheDocument();
  });

  it('Previous month loads that month’s targets', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([{ path: '/api/targets', body: rows }]);
    renderWithProviders(<TargetsPage />, { route: '/targets' });
    await screen.findByLabelText('Company disbursement target');

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    const previous = shiftMonth(now, -1);
    expect(screen.getByText(monthLabel(previous))).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(`/api/targets?month=${previous.month}&year=${previous.year}`);
  });
});
