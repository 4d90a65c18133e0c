import { waitFor } from '@testing-library/react';
import { dataChanged } from '@lender/shared/client/data-changed';
import { saveSession } from '@lender/shared/client/session';
import { makeStore } from '@lender/shared/client/store';
import { buildDashboardAnalytics } from '@lender/shared/testing/loan-builders.ts';
import { mockFetch, testAdmin } from '@lender/shared/testing/render-with-providers.tsx';
import { dashboardApi } from './dashboard-api';

const analytics = buildDashboardAnalytics();

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
