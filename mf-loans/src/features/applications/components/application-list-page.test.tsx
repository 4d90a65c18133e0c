import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  RejectedApplicationRow,
  RejectedApplicationsPage as RejectedPage,
} from '@lender/shared/contract/applications';
import type { PageMeta } from '@lender/shared/contract/common';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { ApplicationListPage } from './application-list-page';
import { listCalls } from '../../../components/testing/list-calls';

const rejected: RejectedApplicationRow = {
  loan_id: 32,
  id: 32,
  customer_id: 43,
  customer_full_name: 'Otieno Kamau',
  national_id: '23456789',
  phone: '+254722000111',
  monthly_income: null,
  product_id: 7,
  product_name: 'Phone Plus',
  amount: 8000,
  purpose: 'School',
  model: 'Samsung A05',
  imei: '490154203237518',
  created_at: '2025-03-10T09:30:00.000Z',
  occupation: 'Teacher',
  address: 'Kisumu',
  rejection_reason: 'No guarantor',
  rejected_at: '2025-03-11T09:30:00.000Z',
};

const page = (rows: RejectedApplicationRow[], meta: Partial<PageMeta> = {}): RejectedPage => ({
  data: rows,
  meta: { page: 1, pageSize: 10, total: rows.length, totalPages: 1, ...meta },
});

const named = (id: number, customer_full_name: string): RejectedApplicationRow => ({
  ...rejected,
  id,
  loan_id: id,
  customer_full_name,
});

const render = (route = '/rejected-loans') =>
  renderWithProviders(<ApplicationListPage list="rejected" />, { route, path: '/rejected-loans' });

describe('Rejected applications', () => {
  it('lists each rejected application read-only, with occupation, address and the reason', async () => {
    const { calls } = mockFetch([{ path: '/api/loansApplication/rejected', body: page([rejected]) }]);
    render();

    expect(screen.getByRole('heading', { name: 'Rejected Loan Applications' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rejected Loan Applications' });
    const row = (await within(table).findByText('Otieno Kamau')).closest('tr') as HTMLElement;
    for (const text of [
      '23456789',
      'N/A',
      'Phone Plus',
      'Ksh 8,000.00',
      'School',
      'Teacher',
      'Kisumu',
      'No guarantor',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listCalls(calls)[0]?.url).toBe('/api/loansApplication/rejected?role=admin&officerId=1&page=1');
  });

  it('Export CSV asks for the whole rejected list with the filters and sort on screen', async () => {
    const { calls } = mockFetch([
      { path: '/api/loansApplication/rejected', body: page([rejected]) },
      { path: '/api/exports/applications.csv', body: 'Application ID\r\n' },
    ]);
    render('/rejected-loans?sort=amount&order=desc&from=2025-03-01');
    await screen.findByText('Otieno Kamau');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/exports/applications.csv?list=rejected&sort=amount&order=desc&from=2025-03-01',
      ),
    );
  });

  it('says so when there are none', async () => {
    mockFetch([{ path: '/api/loansApplication/rejected', body: page([]) }]);
    render();
    expect(await screen.findByText('No rejected applications.')).toBeInTheDocument();
  });

  it('asks the server for one page at a time: Next and Previous, the page kept in the URL', async () => {
    const { calls } = mockFetch([
      {
        path: /^\/api\/loansApplication\/rejected\?.*page=1$/,
        body: page([named(40, 'First Page')], { total: 11, totalPages: 2 }),
      },
      {
        path: /^\/api\/loansApplication\/rejected\?.*page=2$/,
        body: page([named(30, 'Second Page')], { page: 2, total: 11, totalPages: 2 }),
      },
    ]);
    render();
    const user = userEvent.setup({ delay: null });
    await screen.findByText('First Page');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('First Page')).toBeInTheDocument();
    expect(listCalls(calls).map((call) => call.url)).toEqual([
      '/api/loansApplication/rejected?role=admin&officerId=1&page=1',
      '/api/loansApplication/rejected?role=admin&officerId=1&page=2',
    ]);
  });

  it('opens at the page the URL names', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/loansApplication/rejected',
        body: page([named(30, 'Second Page')], { page: 2, total: 11, totalPages: 2 }),
      },
    ]);
    render('/rejected-loans?page=2');
    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.url).toBe('/api/loansApplication/rejected?role=admin&officerId=1&page=2');
  });

  it('says "more than" when the server stopped counting, and Next stays available', async () => {
    mockFetch([
      {
        path: '/api/loansApplication/rejected',
        body: page([rejected], { total: 1000, totalPages: 100, totalEstimated: true }),
      },
    ]);
    render();
    await screen.findByText('Otieno Kamau');
    expect(screen.getByText('Page 1 of more than 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
