import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@lender/shared/contract/products';
import { mockFetch, renderWithProviders, refusal } from '@lender/shared/testing/render-with-providers.tsx';
import AddProductPage from './add-product-page';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import { renderListRow } from '@lender/shared/testing/find-row.ts';
import LoanProductsPage from './loan-products-page';

const smartphone: Product = {
  id: 1,
  name: 'Smartphone 30',
  description: 'Entry phones over 30 days',
  min_amount: 3000,
  max_amount: 25000,
  interest_rate: 12.5,
  duration_days: 30,
};

describe('All products', () => {
  it('lists each product with its amounts in Ksh, rate in % and duration', async () => {
    const { row } = await renderListRow(
      <LoanProductsPage />,
      [{ path: '/api/loanProducts', body: [smartphone] }],
      'Smartphone 30',
    );
    for (const text of ['Entry phones over 30 days', 'Ksh 3,000.00', 'Ksh 25,000.00', '12.5%', '30']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    for (const title of [
      'Product Name',
      'Minimum Amount',
      'Maximum Amount',
      'Interest Rate (%)',
      'Duration (days)',
    ]) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
  });
});

describe('Add product', () => {
  it('starts with duration 30 and the amounts and rate 0, and posts the payload', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/loanProducts',
        body: { message: 'Product created', product: smartphone },
      },
    ]);
    renderWithProviders(<AddProductPage />, { route: '/add-product', path: '/add-product' });

    expect(screen.getByLabelText('Duration (Days)')).toHaveValue('30');
    expect(screen.getByLabelText('Minimum Amount')).toHaveValue('0');
    expect(screen.getByLabelText('Maximum Amount')).toHaveValue('0');
    expect(screen.getByLabelText('Interest Rate')).toHaveValue('0');

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Product Name'), 'Smartphone 30');
    await user.type(screen.getByLabelText('Description'), 'Entry phones');
    await replaceText(user, screen.getByLabelText('Minimum Amount'), '3000');
    await replaceText(user, screen.getByLabelText('Maximum Amount'), '25000');
    await replaceText(user, screen.getByLabelText('Interest Rate'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Smartphone 30',
      description: 'Entry phones',
      minAmount: 3000,
      maxAmount: 25000,
      interestRate: 10,
      durationDays: 30,
    });
    // Goes to the product list.
    await waitFor(() => expect(screen.getByText('elsewhere')).toBeInTheDocument());
  });

  it('says what is missing or wrong in every field at once and sends nothing', async () => {
    const { calls } = mockFetch([]);
    renderWithProviders(<AddProductPage />);
    const user = userEvent.setup({ delay: null });

    await replaceText(user, screen.getByLabelText('Minimum Amount'), '5000');
    await replaceText(user, screen.getByLabelText('Maximum Amount'), '1000');
    await replaceText(user, screen.getByLabelText('Interest Rate'), '120');
    await replaceText(user, screen.getByLabelText('Duration (Days)'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    for (const message of [
      'Product name is required',
      'Maximum amount must be greater than or equal to the minimum amount',
      'Interest rate must be between 0 and 100',
      'Duration (days) must be at least 7',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names, and toasts it", async () => {
    const taken = 'A loan product named "Smartphone 30" already exists';
    mockFetch([
      refusal('POST', '/api/loanProducts', 409, taken, { errors: [{ field: 'name', msg: taken }] }),
    ]);
    renderWithProviders(<AddProductPage />);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Product Name'), 'Smartphone 30');
    await replaceText(user, screen.getByLabelText('Minimum Amount'), '3000');
    await replaceText(user, screen.getByLabelText('Maximum Amount'), '25000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveAccessibleDescription(taken));
    expect(screen.getAllByText(taken).length).toBe(2); // under the field and in the toast
  });
});
