import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import MpesaSuspensePage from './mpesa-suspense-page';

describe('M-Pesa Suspense export', () => {
  it('Export CSV asks for the whole list with the status, search, sort and days on screen', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/mpesa/suspense',
        body: { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 1 } },
      },
      { path: '/api/mpesa/suspense/summary', body: { waiting: 0, amount: 0 } },
      { path: '/api/exports/suspense.csv', body: 'Payment ID\r\n' },
    ]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MpesaSuspensePage />, {
      route: '/mpesa-suspense?status=refunded&search=SKL&sort=amount&order=desc&from=2025-03-01&page=2',
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/exports/suspense.csv?status=refunded&search=SKL&sort=amount&order=desc&from=2025-03-01',
      ),
    );
  });
});
