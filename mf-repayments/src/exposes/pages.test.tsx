import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

afterEach(() => jest.restoreAllMocks());

describe('mf_repayments pages', () => {
  it('shows the loan products page at /loan-products', async () => {
    mockFetch([{ path: '/api/loanProducts', body: [] }]);
    const Page = pages['/loan-products'];
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Loan Products' })).toBeInTheDocument();
    expect(await screen.findByText('No loan products yet.')).toBeInTheDocument();
  });
});
