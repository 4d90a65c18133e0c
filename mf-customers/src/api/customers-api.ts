import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@lender/shared/client/base-query';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { CustomerListQuery, CustomersPage } from '@lender/shared/contract/customers';
import { apiRoutes } from '@lender/shared/contract/routes';

export const customersApi = createApi({
  reducerPath: 'customersApi',
  baseQuery,
  // Every shared tag name, so a `dataChanged` from any remote can invalidate what this one cached.
  tagTypes: DATA_TAGS,
  endpoints: (builder) => ({
    /** GET /api/customers?role&userId&page(&search): one server page of customers. */
    getCustomers: builder.query<CustomersPage, CustomerListQuery>({
      query: (query) => ({ url: apiRoutes.customers.list, params: query }),
      providesTags: ['Customer'],
    }),
  }),
});

export const { useGetCustomersQuery } = customersApi;
