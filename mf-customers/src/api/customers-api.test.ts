import { waitFor } from '@testing-library/react';
import { saveSession } from '@lender/shared/client/session';
import { makeStore } from '@lender/shared/client/store';
import { recordDataChanged } from '@lender/shared/testing/record-data-changed.ts';
import { mockFetch, testAdmin, testOfficer } from '@lender/shared/testing/render-with-providers.tsx';
import {
  buildCustomer,
  buildCustomerDetails,
  buildCustomersPage,
} from '@lender/shared/testing/customer-builders.ts';
import { customersApi } from './customers-api';

const broadcasts = recordDataChanged();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('customers api', () => {
  it("reads one page of customers with the caller's scope and the search", async () => {
    saveSession(testOfficer, 'test-token');
    const page = buildCustomersPage([], { page: 2, totalPages: 3 });
    const { calls } = mockFetch([{ path: '/api/customers', body: page }]);
    const store = makeStore();

    const result = await store.dispatch(
      customersApi.endpoints.getCustomers.initiate({ page: 2, search: ' Wanjiru ' }),
    );

    expect(result.data).toEqual(page);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/customers?role=officer&userId=2&page=2&search=Wanjiru',
    ]);
  });

  it('sends no search parameter when the search is blank', async () => {
    saveSession(testAdmin, 'test-token');
    const { calls } = mockFetch([{ path: '/api/customers', body: buildCustomersPage([]) }]);
    const store = makeStore();

    await store.dispatch(customersApi.endpoints.getCustomers.initiate({ page: 1, search: '  ' }));

    expect(calls.map((call) => call.url)).toEqual(['/api/customers?role=admin&userId=1&page=1']);
  });

  it('reads the details of one customer', async () => {
    saveSession(testAdmin, 'test-token');
    const details = buildCustomerDetails({ customer: buildCustomer({ id: 7 }) });
    const { calls } = mockFetch([{ path: '/api/customerNew/7', body: details }]);
    const store = makeStore();

    const result = await store.dispatch(customersApi.endpoints.getCustomerDetails.initiate(7));

    expect(result.data).toEqual(details);
    expect(calls.map((call) => call.url)).toEqual(['/api/customerNew/7']);
  });

  it('after a delete, tells every remote that customers and the dashboard changed and reads the list once more', async () => {
    saveSession(testAdmin, 'test-token');
    const { calls } = mockFetch([
      { path: '/api/customers', body: buildCustomersPage([buildCustomer({ id: 9 })]) },
      { method: 'DELETE', path: '/api/customers/9', body: { message: 'Customer deleted successfully' } },
    ]);
    const store = makeStore();
    const list = store.dispatch(customersApi.endpoints.getCustomers.initiate({ page: 1 }));
    await list;

    const result = await store.dispatch(customersApi.endpoints.deleteCustomer.initiate(9));

    expect(result.data).toEqual({ message: 'Customer deleted successfully' });
    expect(broadcasts).toEqual([['Customer', 'Dashboard']]);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    await pause(50);
    expect(calls.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      'GET /api/customers',
      'DELETE /api/customers/9',
      'GET /api/customers',
    ]);
    list.unsubscribe();
  });

  it('after a registration, tells every remote that customers and the dashboard changed', async () => {
    saveSession(testAdmin, 'test-token');
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/customerNew', status: 201, body: { message: 'Registered', id: 3 } },
    ]);
    const store = makeStore();

    const result = await store.dispatch(customersApi.endpoints.registerCustomer.initiate(new FormData()));

    expect(result.data).toEqual({ message: 'Registered', id: 3 });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/customerNew' });
    expect(broadcasts).toEqual([['Customer', 'Dashboard']]);
  });

  it('tells no one anything when the server refuses', async () => {
    saveSession(testAdmin, 'test-token');
    mockFetch([
      { method: 'DELETE', path: '/api/customers/9', status: 409, body: { message: 'Customer has loans' } },
    ]);
    const store = makeStore();

    const result = await store.dispatch(customersApi.endpoints.deleteCustomer.initiate(9));

    expect(result.error).toMatchObject({ status: 409 });
    expect(broadcasts).toEqual([]);
  });
});
