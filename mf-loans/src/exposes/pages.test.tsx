import { screen } from '@testing-library/react';
import { texts } from '@lender/shared/texts';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

describe('mf_loans pages', () => {
  it('mounts the Due Tommorrow list (its lazy chunk) with the menu title and its empty text', async () => {
    mockFetch([
      {
        path: '/api/loans/due-tomorrow',
        body: { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 1 } },
      },
    ]);
    const Page = pages['/due-tommorrow'];
    renderWithProviders(<Page />);

    // The chunk (the list page with its Repay and Add Note modals) is compiled on first import here.
    expect(
      await screen.findByRole('heading', { name: 'Due Tommorrow' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText(texts.empty.dueTomorrow)).toBeInTheDocument();
  });
});
