import type { ProductListResponse } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from '../../../api/repayments-api';

export const productsApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loanProducts: every loan product, ordered by name. */
    getLoanProducts: builder.query<ProductListResponse, void>({
      query: () => ({ url: apiRoutes.products.list }),
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetLoanProductsQuery } = productsApi;
