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

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Product Name'), 'Smartphone 30');
    await user.type(screen.getByLabelText('Description'), 'Entry phones');
    await replaceText(user, screen.getByLabelText('Maximum Amount'), '25000');
    await replaceText(user, screen.getByLabelText('Interest Rate'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Smartphone 30',
      description: 'Entry phones',
      minAmount: 0,
      maxAmount: 25000,
      interestRate: 10,
      durationDays: 30,
    });
    // Goes to the product list.
    await waitFor(() => expect(screen.getByText('elsewhere')).toBeInTheDocument());
  });

  it("shows the server's message when saving fails", async () => {
    mockFetch([
      refusal('POST', '/api/loanProducts', 400, 'Validation failed', {
        errors: [{ msg: 'Product name is required' }],
      }),
    ]);
    renderWithProviders(<AddProductPage />);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
  });
});
