import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import {
  buildCustomer,
  buildCustomerDetails,
  buildCustomerOverview,
  buildCustomersPage,
  buildReferee,
} from '@lender/shared/testing/customer-builders.ts';
import { appRoutes } from '@lender/shared/contract/routes';
import { pages } from './pages';

describe('mf_customers pages', () => {
  it('All Customers opens the details of a customer with View', async () => {
    const jane = buildCustomer({ id: 5, first_name: 'Jane', last_name: 'Wanjiru' });
    mockFetch([
      { path: '/api/customers', body: buildCustomersPage([jane]) },
      {
        path: '/api/customerNew/5',
        body: buildCustomerDetails({ customer: jane, referees: [buildReferee({ name: 'Peter Kamau' })] }),
      },
    ]);
    const CustomersPage = pages['/customers'];
    renderWithProviders(<CustomersPage />, { route: '/customers' });

    expect(await screen.findByRole('heading', { name: 'All Customers' })).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'View Jane Wanjiru' }));

    const dialog = await screen.findByRole('dialog', { name: 'Customer Details' });
    expect(await within(dialog).findByText('Peter Kamau')).toBeInTheDocument();
  });

  it('mounts the customer page at /customers/:id', async () => {
    const jane = buildCustomer({ id: 5, first_name: 'Jane', last_name: 'Wanjiru' });
    mockFetch([{ path: '/api/customers/5/overview', body: buildCustomerOverview({ customer: jane }) }]);
    const CustomerPage = pages[appRoutes.customerPage(':id')];
    if (!CustomerPage) throw new Error('No page at /customers/:id');
    renderWithProviders(<CustomerPage />, { route: '/customers/5', path: '/customers/:id' });

    expect(await screen.findByRole('heading', { name: 'Jane Wanjiru' })).toBeInTheDocument();
  });

  it('mounts the registration form at /register-customer', async () => {
    const RegisterPage = pages['/register-customer'];
    renderWithProviders(<RegisterPage />, { route: '/register-customer' });

    expect(await screen.findByRole('heading', { name: 'New Customer Registration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeInTheDocument();
  });
});
