import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildLoanRow } from '@lender/shared/testing/loan-builders.ts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { RepaymentModal } from './repayment-modal';

const PAYMENT = { method: 'POST', path: '/api/loans/loan-payment' };
const loan = buildLoanRow({ id: 41, customer_name: 'Jane Wanjiru', remaining_balance: 9_000 });

async function openModal() {
  renderWithProviders(<RepaymentModal loan={loan} onClose={jest.fn()} />);
  return screen.findByRole('dialog', { name: 'Repayment' });
}

describe('Repayment modal', () => {
  it('says what is missing or wrong in both fields at once and sends nothing', async () => {
    const { calls } = mockFetch([]);
    const user = userEvent.setup({ delay: null });
    const dialog = await openModal();

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('M-Pesa code is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Mpesa Code'), 'QWE');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('M-Pesa code must be 10 letters and digits, like QGH7XK2LMN'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a code the server says was used under Mpesa Code', async () => {
    const used = 'M-Pesa code QWE123RTY9 has already been used';
    mockFetch([
      { ...PAYMENT, status: 409, body: { message: used, errors: [{ field: 'mpesaCode', msg: used }] } },
    ]);
    const user = userEvent.setup({ delay: null });
    const dialog = await openModal();

    await user.type(within(dialog).getByLabelText('Amount'), '1500');
    await user.type(within(dialog).getByLabelText('Mpesa Code'), 'QWE123RTY9');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const code = within(dialog).getByLabelText('Mpesa Code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(used));
    // Said once, on its field, not again under the form.
    expect(within(dialog).getAllByText(used)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
