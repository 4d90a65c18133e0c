import { saveSession } from '@lender/shared/client/session';
import { makeStore } from '@lender/shared/client/store';
import type { ProductListResponse } from '@lender/shared/contract/products';
import { mockFetch, testAdmin } from '@lender/shared/testing/render-with-providers.tsx';
import { productsApi } from './products-api';

describe('products api', () => {
  it('reads the loan products', async () => {
    saveSession(testAdmin, 'test-token');
    const products: ProductListResponse = [
      {
        id: 1,
        name: 'Smartphone 30',
        description: 'Entry phones over 30 days',
        min_amount: 3000,
        max_amount: 25000,
        interest_rate: 10,
        duration_days: 30,
      },
    ];
    const { calls } = mockFetch([{ path: '/api/loanProducts', body: products }]);
    const store = makeStore();

    const result = await store.dispatch(productsApi.endpoints.getLoanProducts.initiate());

    expect(result.data).toEqual(products);
    expect(calls.map((call) => call.url)).toEqual(['/api/loanProducts']);
  });
});
