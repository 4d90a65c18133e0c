import { waitFor } from '@testing-library/react';
import { DATA_TAGS, dataChanged } from '@lender/shared/client/data-changed';
import { saveSession } from '@lender/shared/client/session';
import { injectApi, makeStore } from '@lender/shared/client/store';
import type { DashboardAnalytics } from '@lender/shared/contract/dashboard';
import { mockFetch, testAdmin } from '@lender/shared/testing/render-with-providers.tsx';
import { loansApi } from '../../../api/loans-api';
import { dashboardApi } from './dashboard-api';

beforeAll(() => injectApi(loansApi, DATA_TAGS));
afterEach(() => jest.restoreAllMocks());

const analytics: DashboardAnalytics = {
  active_loans: 12,
  due_today: 3,
  defaulted_loans: 1,
  cleared_loans: 40,
  repossessed: 2,
  amount_collected: 152_300.5,
  amount_financed: 480_000,
};

describe('dashboard api', () => {
  it('reads the dashboard analytics, and reads them again when another remote says loans changed', async () => {
    saveSession(testAdmin, 'test-token');
    const { calls } = mockFetch([{ path: '/api/loans/dashboard/analytics', body: analytics }]);
    const store = makeStore();

    const result = await store.dispatch(dashboardApi.endpoints.getDashboardAnalytics.initiate());
    expect(result.data).toEqual(analytics);
    expect(calls.map((call) => call.url)).toEqual(['/api/loans/dashboard/analytics']);

    store.dispatch(dataChanged({ tags: ['Dashboard'] }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
