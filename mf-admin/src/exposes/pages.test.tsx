import { screen } from '@testing-library/react';
import { REMOTE_ROUTES } from '@lender/shared/client/remote-pages';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

afterEach(() => jest.restoreAllMocks());

describe('mf_admin pages', () => {
  it('exposes a page for exactly the routes the shell gives this remote', () => {
    const routes = REMOTE_ROUTES.filter((route) => route.remote === 'mf_admin').map((route) => route.path);
    expect(Object.keys(pages).sort()).toEqual([...routes].sort());
  });

  it('shows the targets page at /targets', async () => {
    mockFetch([{ path: '/api/targets', body: [] }]);
    const TargetsPage = pages['/targets'];
    renderWithProviders(<TargetsPage />);

    expect(await screen.findByRole('heading', { name: 'Monthly Targets' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
