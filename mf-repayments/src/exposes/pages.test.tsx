import { screen } from '@testing-library/react';
import { REMOTE_ROUTES } from '@lender/shared/client/remote-pages';
import { texts } from '@lender/shared/texts';
import { renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

describe('mf_repayments pages', () => {
  it('exposes a page for exactly the routes the shell gives this remote', () => {
    const routes = REMOTE_ROUTES.filter((route) => route.remote === 'mf_repayments').map(
      (route) => route.path,
    );
    expect(Object.keys(pages).sort()).toEqual([...routes].sort());
  });

  it('shows a page title and says the page is not built yet', async () => {
    const Page = pages['/loan-products'];
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Loan Products' })).toBeInTheDocument();
    expect(screen.getByText(texts.remotes.notBuilt)).toBeInTheDocument();
  });
});
