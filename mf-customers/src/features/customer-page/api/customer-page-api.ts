import { byIdQuery } from '@lender/shared/client/by-id-query';
import type { MessageResponse } from '@lender/shared/contract/common';
import type {
  CustomerOverview,
  UpdateCustomerRequest,
  UpdateCustomerResponse,
} from '@lender/shared/contract/customers';
import type { DeviceCommandPage } from '@lender/shared/contract/device-lock';
import type { CustomerMessagePage } from '@lender/shared/contract/messages';
import { apiRoutes } from '@lender/shared/contract/routes';
import { customersApi } from '../../../api/customers-api';

/** One server page of a customer's records. */
interface CustomerPageArgs {
  customerId: number;
  /** From 1. */
  page: number;
}

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
    /**
     * GET /api/customers/{id}/messages?page: the SMS sent to the customer about any of their
     * loans, newest first. Repayments (receipts), promises to pay and loan changes queue them.
     */
    getCustomerMessages: builder.query<CustomerMessagePage, CustomerPageArgs>({
      query: ({ customerId, page }) => ({ url: apiRoutes.messages.customer(customerId), params: { page } }),
      providesTags: ['Message', 'Loan', 'Repayment', 'Note'],
    }),
    /** GET /api/customers/{id}/device-commands?page: what the device-lock provider was asked about their phones. */
    getCustomerDeviceCommands: builder.query<DeviceCommandPage, CustomerPageArgs>({
      query: ({ customerId, page }) => ({
        url: apiRoutes.deviceLock.customerCommands(customerId),
        params: { page },
      }),
      providesTags: ['DeviceCommand', 'Loan'],
    }),
    /** POST /api/customers/{id}/reminders {opted_out}: the customer opts out of reminders, or back in. */
    setCustomerReminders: builder.mutation<MessageResponse, { customerId: number; opted_out: boolean }>({
      query: ({ customerId, ...body }) => ({
        url: apiRoutes.messages.reminders(customerId),
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const {
  useGetCustomerOverviewQuery,
  useUpdateCustomerMutation,
  useGetCustomerMessagesQuery,
  useGetCustomerDeviceCommandsQuery,
  useSetCustomerRemindersMutation,
} = customerPageApi;
