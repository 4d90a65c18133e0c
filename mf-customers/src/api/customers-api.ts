import { byIdQuery } from '@lender/shared/client/by-id-query';
import { createRemoteApi } from '@lender/shared/client/create-remote-api';
import { injectFilterOptions } from '@lender/shared/client/filter-options';
import { callerScope } from '@lender/shared/client/caller-scope';
import type {
  CustomerDetails,
  CustomersPage,
  DeleteCustomerResponse,
  PhoneCheckQuery,
  PhoneCheckResponse,
  RegisterCustomerResponse,
} from '@lender/shared/contract/customers';
import { CUSTOMER_LISTS } from '@lender/shared/contract/customer-lists';
import { apiRoutes } from '@lender/shared/contract/routes';

/** The filters the customers list takes from the URL (useListUrlState's queryArgs). */
export const CUSTOMER_LIST_FILTERS = ['officerId', 'from', 'to'] as const;

export interface CustomersListArgs {
  /** Server page, from 1. */
  page: number;
  /** Name, phone or national ID; blank for every customer. */
  search?: string;
  /** The sort (sort, order) and filters (officerId for admins, from, to), as in the URL. */
  query?: Partial<Record<(typeof CUSTOMER_LIST_FILTERS)[number] | 'sort' | 'order', string>>;
}

// Besides the shared tag names, a customer's messages and device commands (issue 35), which only
// the customer page shows here.
const remoteApi = createRemoteApi('customersApi', ['Message', 'DeviceCommand']);

/** The officers for the list's officer filter (admins), defined once for every remote's lists. */
export const { useGetFilterOfficersQuery } = injectFilterOptions(remoteApi);

export const customersApi = remoteApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/customers?role&userId&page(&search): one server page of customers. */
    getCustomers: builder.query<CustomersPage, CustomersListArgs>({
      query: ({ page, search, query }) => ({
        url: CUSTOMER_LISTS.customers.api,
        params: { ...callerScope('userId'), page, search: search?.trim() || undefined, ...query },
      }),
      providesTags: ['Customer'],
    }),
    /** GET /api/customerNew/{id}: the customer with collaterals, referees and guarantors. */
    getCustomerDetails: builder.query<CustomerDetails, number>(
      byIdQuery(apiRoutes.customers.details, ['Customer']),
    ),
    /** POST /api/customerNew, multipart (docs/product.md#api-calls keys). */
    registerCustomer: builder.mutation<RegisterCustomerResponse, FormData>({
      query: (body) => ({ url: apiRoutes.customers.create, method: 'POST', body }),
      invalidatesTags: ['Customer', 'Dashboard'],
    }),
    /** GET /api/customers/phone-check?phone(&except): who already has this phone (named in the caller's book). */
    checkPhone: builder.query<PhoneCheckResponse, PhoneCheckQuery>({
      query: (params) => ({ url: apiRoutes.customers.phoneCheck, params }),
      providesTags: ['Customer'],
    }),
    /** DELETE /api/customers/{id} (admins; refused while the customer has applications or loans). */
    deleteCustomer: builder.mutation<DeleteCustomerResponse, number>({
      query: (id) => ({ url: apiRoutes.customers.remove(id), method: 'DELETE' }),
      invalidatesTags: ['Customer', 'Dashboard'],
    }),
  }),
});

export const {
  useGetCustomersQuery,
  useGetCustomerDetailsQuery,
  useRegisterCustomerMutation,
  useDeleteCustomerMutation,
  useCheckPhoneQuery,
} = customersApi;
