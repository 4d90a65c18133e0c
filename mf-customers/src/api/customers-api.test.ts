import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { saveSession } from '@lender/shared/client/session';
import { injectApi, makeStore } from '@lender/shared/client/store';
import type { CustomersPage } from '@lender/shared/contract/customers';
import { mockFetch, testOfficer } from '@lender/shared/testing/render-with-providers.tsx';
import { customersApi } from './customers-api';

beforeAll(() => injectApi(customersApi, DATA_TAGS));
afterEach(() => jest.restoreAllMocks());

describe('customers api', () => {
  it("reads one page of customers with the caller's scope", async () => {
    saveSession(testOfficer, 'test-token');
    const page: CustomersPage = { data: [], meta: { page: 2, pageSize: 10, total: 10, totalPages: 1 } };
    const { calls } = mockFetch([{ path: '/api/customers', body: page }]);
    const store = makeStore();

    const result = await store.dispatch(
      customersApi.endpoints.getCustomers.initiate({ role: 'officer', userId: testOfficer.id, page: 2 }),
    );

    expect(result.data).toEqual(page);
    expect(calls.map((call) => call.url)).toEqual(['/api/customers?role=officer&userId=2&page=2']);
  });
});
