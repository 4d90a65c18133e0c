import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { pages } from './pages';

describe('mf_admin pages', () => {
  it('shows the targets page at /targets', async () => {
    mockFetch([{ path: '/api/targets', body: [] }]);
    const TargetsPage = pages['/targets'];
    renderWithProviders(<TargetsPage />);

    expect(await screen.findByRole('heading', { name: 'Monthly Targets' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
