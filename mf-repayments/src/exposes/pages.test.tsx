import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

describe('mf_repayments pages', () => {
  it('shows the loan products page at /loan-products', async () => {
    mockFetch([{ path: '/api/loanProducts', body: [] }]);
    const Page = pages['/loan-products'];
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Loan Products' })).toBeInTheDocument();
    expect(await screen.findByText('No loan products yet.')).toBeInTheDocument();
  });

  it('shows the M-Pesa suspense page at /mpesa-suspense', async () => {
    mockFetch([
      {
        path: '/api/mpesa/suspense',
        body: { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 1 } },
      },
      { path: '/api/mpesa/suspense/summary', body: { waiting: 0, amount: 0 } },
    ]);
    const Page = pages['/mpesa-suspense'];
    renderWithProviders(<Page />, { route: '/mpesa-suspense' });

    expect(await screen.findByRole('heading', { name: 'M-Pesa Suspense' })).toBeInTheDocument();
    expect(await screen.findByText('No payments are waiting.')).toBeInTheDocument();
  });
});
