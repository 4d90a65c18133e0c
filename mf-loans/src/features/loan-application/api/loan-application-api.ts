import { byIdQuery } from '@lender/shared/client/by-id-query';
import { productListQuery } from '@lender/shared/client/product-list-query';
import type { CreateApplicationResponse, InstallmentType } from '@lender/shared/contract/applications';
import type { CustomerDetails } from '@lender/shared/contract/customers';
import type { ProductListResponse } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';

/** The body of POST /api/loansApplication as the specification's client sends it (docs/product.md#form-checks: numbers and integer ids). */
export interface LoanApplicationBody {
  amount: number;
  purpose: string;
  mpesaCode: string;
  productId: number;
  customerId: number;
  installmentType: InstallmentType;
  /** The stored user's id; the server uses the caller whatever this says. */
  officerId: number | undefined;
  imei: string;
  model: string;
}

export const loanApplicationApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loanProducts: every product, for the Product select. */
    getApplicationProducts: builder.query<ProductListResponse, void>(productListQuery),
    /** GET /api/customerNew/{id}: the chosen customer, for their name. */
    getApplicationCustomer: builder.query<CustomerDetails, number>(
      byIdQuery(apiRoutes.customers.details, ['Customer']),
    ),
    /** POST /api/loansApplication: the application joins the pending list. */
    submitLoanApplication: builder.mutation<CreateApplicationResponse, LoanApplicationBody>({
      query: (body) => ({ url: apiRoutes.applications.create, method: 'POST', body }),
      invalidatesTags: ['Application'],
    }),
  }),
});

export const {
  useGetApplicationProductsQuery,
  useGetApplicationCustomerQuery,
  useSubmitLoanApplicationMutation,
} = loanApplicationApi;
