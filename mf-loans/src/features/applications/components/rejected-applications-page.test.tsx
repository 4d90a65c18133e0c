import { screen, within } from '@testing-library/react';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { injectApi } from '@lender/shared/client/store';
import type { RejectedApplicationRow } from '@lender/shared/contract/applications';
import { mockFetch, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { loansApi } from '../../../api/loans-api';
import RejectedApplicationsPage from './rejected-applications-page';

beforeAll(() => injectApi(loansApi, DATA_TAGS));
afterEach(() => jest.restoreAllMocks());

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

describe('Rejected applications', () => {
  it('lists each rejected application read-only, with occupation, address and the reason', async () => {
    const { calls } = mockFetch([{ path: '/api/loansApplication/rejected', body: [rejected] }]);
    renderWithProviders(<RejectedApplicationsPage />);

    const row = (await screen.findByText('Otieno Kamau')).closest('tr') as HTMLElement;
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
    expect(calls[0]?.url).toBe('/api/loansApplication/rejected?role=admin&officerId=1');
  });
});
