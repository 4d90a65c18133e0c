import { screen } from '@testing-library/react';
import { REMOTE_ROUTES } from '@lender/shared/client/remote-pages';
import { texts } from '@lender/shared/texts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

afterEach(() => jest.restoreAllMocks());

describe('mf_loans pages', () => {
  it('exposes a page for exactly the routes the shell gives this remote', () => {
    const routes = REMOTE_ROUTES.filter((route) => route.remote === 'mf_loans').map((route) => route.path);
    expect(Object.keys(pages).sort()).toEqual([...routes].sort());
  });

  it('mounts the Due Tommorrow list (its lazy chunk) with the menu title and its empty text', async () => {
    mockFetch([
      {
        path: '/api/loans/due-tomorrow',
        body: { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 1 } },
      },
    ]);
    const Page = pages['/due-tommorrow'];
    renderWithProviders(<Page />);

    expect(await screen.findByRole('heading', { name: 'Due Tommorrow' })).toBeInTheDocument();
    expect(await screen.findByText(texts.empty.dueTomorrow)).toBeInTheDocument();
  });
});
