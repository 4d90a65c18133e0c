import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@lender/shared/client/base-query';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { ProductListResponse } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';

export const repaymentsApi = createApi({
  reducerPath: 'repaymentsApi',
  baseQuery,
  // Every shared tag name, so a `dataChanged` from any remote can invalidate what this one cached.
  tagTypes: DATA_TAGS,
  endpoints: (builder) => ({
    /** GET /api/loanProducts: every loan product, ordered by name. */
    getLoanProducts: builder.query<ProductListResponse, void>({
      query: () => ({ url: apiRoutes.products.list }),
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetLoanProductsQuery } = repaymentsApi;
