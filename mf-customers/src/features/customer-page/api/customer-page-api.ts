import { byIdQuery } from '@lender/shared/client/by-id-query';
import type {
  CustomerOverview,
  UpdateCustomerRequest,
  UpdateCustomerResponse,
} from '@lender/shared/contract/customers';
import { apiRoutes } from '@lender/shared/contract/routes';
import { customersApi } from '../../../api/customers-api';

export const customerPageApi = customersApi.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * GET /api/customers/{id}/overview: the customer, next of kin, collaterals, guarantors and the
     * newest applications, loans, repayments and notes. Any of those changing anywhere refreshes it.
     */
    getCustomerOverview: builder.query<CustomerOverview, number>(
      byIdQuery(apiRoutes.customers.overview, ['Customer', 'Application', 'Loan', 'Repayment', 'Note']),
    ),
    /**
     * PATCH /api/customers/{id} (admins): the changed fields only. The customer's name, phone and
     * national ID show in every list, so every slice that lists them hears of it.
     */
    updateCustomer: builder.mutation<UpdateCustomerResponse, { customerId: number } & UpdateCustomerRequest>({
      query: ({ customerId, ...body }) => ({
        url: apiRoutes.customers.update(customerId),
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Customer', 'Application', 'Loan', 'Repayment', 'Report'],
    }),
  }),
});

export const { useGetCustomerOverviewQuery, useUpdateCustomerMutation } = customerPageApi;
