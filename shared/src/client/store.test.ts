import { waitFor } from '@testing-library/react';
import { createApi } from '@reduxjs/toolkit/query';
import { mockFetch, testAdmin } from '../../testing/render-with-providers';
import { baseQuery } from './base-query';
import { broadcastChanges, dataChanged } from './data-changed';
import { saveSession, sessionStarted } from './session';
import { injectApi, makeStore } from './store';

// Two api slices as two remotes would have them: separate reducer paths, separate caches.
const loansApi = createApi({
  reducerPath: 'storeTestLoans',
  baseQuery,
  tagTypes: ['Loan'],
  endpoints: (build) => ({
    loans: build.query<{ count: number }, void>({ query: () => '/loans', providesTags: ['Loan'] }),
  }),
});
const repaymentsApi = createApi({
  reducerPath: 'storeTestRepayments',
  baseQuery,
  tagTypes: ['Repayment'],
  endpoints: (build) => ({
    /** Changes only what this slice shows. */
    editNote: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/repayments/1', method: 'PUT', body: {} }),
      invalidatesTags: ['Repayment'],
    }),
    /** Approving a repayment changes the loan's balance, which the loans slice shows. */
    approve: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/repayments/1', method: 'PUT', body: {} }),
      invalidatesTags: ['Repayment'],
      onQueryStarted: broadcastChanges(['Repayment', 'Loan']),
    }),
  }),
});
injectApi(loansApi, ['Loan']);
injectApi(repaymentsApi, ['Repayment']);

afterEach(() => jest.restoreAllMocks());

describe('injectApi and dataChanged', () => {
  beforeEach(() => saveSession(testAdmin, 'jwt', Date.now() + 60_000));

  it('adds each api slice to the shared root reducer once', () => {
    injectApi(loansApi, ['Loan']);
    const state = makeStore().getState() as Record<string, unknown>;
    expect(state).toHaveProperty('storeTestLoans');
    expect(state).toHaveProperty('storeTestRepayments');
  });

  it("refetches another slice's data when a mutation announces the tags it changed", async () => {
    let count = 0;
    const { calls } = mockFetch([
      {
        path: '/api/loans',
        body: {
          get count() {
            return (count += 1);
          },
        },
      },
      { method: 'PUT', path: '/api/repayments/1', body: { ok: true } },
    ]);
    const store = makeStore();
    const subscription = store.dispatch(loansApi.endpoints.loans.initiate());
    await subscription;
    expect(calls.filter((c) => c.url === '/api/loans')).toHaveLength(1);

    // A slice's own tags do not reach another slice...
    await store.dispatch(repaymentsApi.endpoints.editNote.initiate());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.url === '/api/loans')).toHaveLength(1);

    // ...the shared dataChanged action does.
    await store.dispatch(repaymentsApi.endpoints.approve.initiate());
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/loans')).toHaveLength(2));
    expect(loansApi.endpoints.loans.select()(store.getState() as never).data).toEqual({ count: 2 });
    subscription.unsubscribe();
  });

  it('ignores tags a slice does not know', async () => {
    const { calls } = mockFetch([{ path: '/api/loans', body: { count: 1 } }]);
    const store = makeStore();
    const subscription = store.dispatch(loansApi.endpoints.loans.initiate());
    await subscription;
    store.dispatch(dataChanged({ tags: ['Customer', 'Repayment'] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    subscription.unsubscribe();
  });

  it("drops the previous user's cached data when a new session starts", async () => {
    mockFetch([{ path: '/api/loans', body: { count: 1 } }]);
    const store = makeStore();
    await store.dispatch(loansApi.endpoints.loans.initiate());
    expect(loansApi.endpoints.loans.select()(store.getState() as never).data).toEqual({ count: 1 });
    store.dispatch(sessionStarted({ user: testAdmin, token: 'jwt-2', expiresAt: Date.now() + 1000 }));
    expect(loansApi.endpoints.loans.select()(store.getState() as never).data).toBeUndefined();
  });
});
