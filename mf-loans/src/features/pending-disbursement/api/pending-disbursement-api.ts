import { readSession } from '@lender/shared/client/session';
import type { DisburseLoanResponse, LoansPage } from '@lender/shared/contract/loans';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';
import type { ListQueryArgs } from '../../../components/list-filters';

/** role and officerId travel with the list call (docs/product.md#roles-in-the-browser, #api-calls); the server scopes by the caller. */
function loanScope(): { role?: string; officerId?: number } {
  const user = readSession()?.user;
  return user ? { role: user.role, officerId: user.id } : {};
}

export const pendingDisbursementApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/loan-details/pending-disbursement?role&officerId&page: approved loans not yet disbursed. */
    getPendingDisbursementLoans: builder.query<LoansPage, { page: number; filters?: ListQueryArgs }>({
      // The sort and filters follow the scope: an admin's officer filter replaces their own id.
      query: ({ page, filters }) => ({
        url: apiRoutes.loans.pendingDisbursement,
        params: { ...loanScope(), page, ...filters },
      }),
      providesTags: ['Loan'],
    }),
    /**
     * PUT /api/loans/disburse/{id} with {mpesaCode}: the loan becomes active. Broadcast only: every
     * slice, this one included, invalidates its Loan and Dashboard tags once.
     */
    disbursePendingLoan: builder.mutation<DisburseLoanResponse, { id: number; mpesaCode: string }>({
      query: ({ id, mpesaCode }) => ({
        url: apiRoutes.loans.disburse(id),
        method: 'PUT',
        body: { mpesaCode },
      }),
      invalidatesTags: ['Loan', 'Dashboard'],
    }),
  }),
});

export const { useGetPendingDisbursementLoansQuery, useDisbursePendingLoanMutation } = pendingDisbursementApi;
