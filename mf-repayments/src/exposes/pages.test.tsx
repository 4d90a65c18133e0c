import { screen } from '@testing-library/react';
import { REMOTE_ROUTES } from '@lender/shared/client/remote-pages';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

afterEach(() => jest.restoreAllMocks());

describe('mf_repayments pages', () => {
  it('exposes a page for exactly the routes the shell gives this remote', () => {
    const routes = REMOTE_ROUTES.filter((route) => route.remote === 'mf_repayments').map(
      (route) => route.path,
    );
    expect(Object.keys(pages).sort()).toEqual([...routes].sort());
  });

  it('shows the loan products page at /loan-products', async () => {
    mockFetch([{ path: '/api/loanProducts', body: [] }]);
    const Page = pages['/loan-products'];
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Loan Products' })).toBeInTheDocument();
    expect(await screen.findByText('No loan products yet.')).toBeInTheDocument();
  });
});
