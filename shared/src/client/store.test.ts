import { waitFor } from '@testing-library/react';
import { mockFetch, testAdmin } from '../../testing/render-with-providers';
import { createRemoteApi } from './create-remote-api';
import { dataChanged } from './data-changed';
import { saveSession, sessionStarted } from './session';
import { injectApi, makeStore } from './store';

// Two api slices as two remotes would have them: separate reducer paths, separate caches.
const loansApi = createRemoteApi('storeTestLoans').injectEndpoints({
  endpoints: (build) => ({
    loans: build.query<{ count: number }, void>({ query: () => '/loans', providesTags: ['Loan'] }),
    loan: build.query<{ id: number }, number>({
      query: (id) => `/loans/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Loan', id }],
    }),
  }),
});
const repaymentsApi = createRemoteApi('storeTestRepayments').injectEndpoints({
  endpoints: (build) => ({
    repayments: build.query<{ count: number }, void>({
      query: () => '/repayments',
      providesTags: ['Repayment'],
    }),
    /** Changes only what this slice shows. */
    editNote: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/repayments/1', method: 'PUT', body: {} }),
      invalidatesTags: ['Repayment'],
    }),
    /** Approving a repayment changes the loan's balance, which the loans slice shows. */
    approve: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/repayments/1', method: 'PUT', body: {} }),
      invalidatesTags: ['Repayment', 'Loan'],
    }),
    /** The tags as a function of the argument: the loan the repayment went to. */
    allocate: build.mutation<{ ok: boolean }, number>({
      query: (loanId) => ({ url: `/repayments/1/allocate/${loanId}`, method: 'PUT', body: {} }),
      invalidatesTags: (_result, _error, loanId) => [{ type: 'Loan', id: loanId }],
    }),
  }),
});
injectApi(loansApi);
injectApi(repaymentsApi);

afterEach(() => jest.restoreAllMocks());

describe('injectApi and invalidatesTags across slices', () => {
  beforeEach(() => saveSession(testAdmin, 'jwt', Date.now() + 60_000));

  it('adds each api slice to the shared root reducer once', () => {
    injectApi(loansApi);
    const state = makeStore().getState() as Record<string, unknown>;
    expect(state).toHaveProperty('storeTestLoans');
    expect(state).toHaveProperty('storeTestRepayments');
  });

  it("refetches another slice's query when a mutation invalidates a tag it provides", async () => {
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

    // A tag the other slice does not provide refetches nothing there...
    await store.dispatch(repaymentsApi.endpoints.editNote.initiate());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.url === '/api/loans')).toHaveLength(1);

    // ...a tag the other slice provides does.
    await store.dispatch(repaymentsApi.endpoints.approve.initiate());
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/loans')).toHaveLength(2));
    expect(loansApi.endpoints.loans.select()(store.getState() as never).data).toEqual({ count: 2 });
    subscription.unsubscribe();
  });

  it('refetches the mutating slice once, and passes function-described tags on by name', async () => {
    let count = 0;
    const { calls } = mockFetch([
      {
        path: '/api/repayments',
        body: {
          get count() {
            return (count += 1);
          },
        },
      },
      { path: '/api/loans/4', body: { id: 4 } },
      { method: 'PUT', path: '/api/repayments/1', body: { ok: true } },
      { method: 'PUT', path: '/api/repayments/1/allocate/4', body: { ok: true } },
    ]);
    const store = makeStore();
    const repayments = store.dispatch(repaymentsApi.endpoints.repayments.initiate());
    const loan = store.dispatch(loansApi.endpoints.loan.initiate(4));
    await Promise.all([repayments, loan]);

    // RTK invalidates the slice's own tags; the shared announcement must not fetch it a second time.
    await store.dispatch(repaymentsApi.endpoints.approve.initiate());
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/repayments')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.url === '/api/repayments')).toHaveLength(2);

    await store.dispatch(repaymentsApi.endpoints.allocate.initiate(4));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/loans/4')).toHaveLength(2));
    repayments.unsubscribe();
    loan.unsubscribe();
  });

  it('tells the other slices nothing when the mutation fails', async () => {
    const { calls } = mockFetch([
      { path: '/api/loans', body: { count: 1 } },
      { method: 'PUT', path: '/api/repayments/1', status: 409, body: { message: 'Already approved' } },
    ]);
    const store = makeStore();
    const subscription = store.dispatch(loansApi.endpoints.loans.initiate());
    await subscription;
    await store.dispatch(repaymentsApi.endpoints.approve.initiate());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.url === '/api/loans')).toHaveLength(1);
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
