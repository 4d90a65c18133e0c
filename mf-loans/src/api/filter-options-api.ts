import { productListQuery } from '@lender/shared/client/product-list-query';
import type { ProductListResponse } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { OfficerOptionsResponse } from '@lender/shared/contract/users';
import { loansApi } from './loans-api';

/** The choices of the lists' filters (issue 14): the products, and for admins the officers. */
export const filterOptionsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loanProducts: every product, for the Product filter. */
    getFilterProducts: builder.query<ProductListResponse, void>(productListQuery),
    /** GET /api/users/officers (admins): every officer by name, for the Officer filter. */
    getFilterOfficers: builder.query<OfficerOptionsResponse, void>({
      query: () => apiRoutes.users.officers,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetFilterProductsQuery, useGetFilterOfficersQuery } = filterOptionsApi;
