import type { ProductListResponse } from '@lender/shared/contract/products';
import type { OfficerOptionsResponse } from '@lender/shared/contract/users';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from './repayments-api';

/** The choices of the lists' filters (issue 14): the products, and for admins the officers. */
export const filterOptionsApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/users/officers (admins): every officer by name, for the lists' officer filter. */
    getOfficers: builder.query<OfficerOptionsResponse, void>({
      query: () => apiRoutes.users.officers,
      providesTags: ['User'],
    }),
    /** GET /api/loanProducts: every product, for the lists' product filter. */
    getFilterProducts: builder.query<ProductListResponse, void>({
      query: () => apiRoutes.products.list,
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetOfficersQuery, useGetFilterProductsQuery } = filterOptionsApi;
