import type { ProductListResponse } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { TargetsResponse } from '@lender/shared/contract/targets';
import { loansApi } from './loans-api';

/** The choices of the lists' filters (issue 14): the products, and for admins the officers. */
export const filterOptionsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loanProducts: every product, for the Product filter. */
    getFilterProducts: builder.query<ProductListResponse, void>({
      query: () => ({ url: apiRoutes.products.list }),
      providesTags: ['Product'],
    }),
    /**
     * GET /api/targets?month&year (admins): the company-wide row, then one row per officer with
     * their name, every officer, whether or not a target is set: the Officer filter's choices.
     */
    getFilterOfficers: builder.query<TargetsResponse, { month: number; year: number }>({
      query: (period) => ({ url: apiRoutes.targets, params: period }),
    }),
  }),
});

export const { useGetFilterProductsQuery, useGetFilterOfficersQuery } = filterOptionsApi;
