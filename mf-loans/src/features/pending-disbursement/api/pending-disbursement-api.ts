import type {
  BatchDecisionResponse,
  DisburseLoansBatchRequest,
} from '@lender/shared/contract/batch-decisions';
import type { DisburseLoanResponse } from '@lender/shared/contract/loans';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';

export const pendingDisbursementApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
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
    /** POST /api/loans/disburse-batch: each selected loan with its own M-Pesa code, each on its own. */
    disburseLoansBatch: builder.mutation<BatchDecisionResponse, DisburseLoansBatchRequest>({
      query: (body) => ({ url: apiRoutes.loans.disburseBatch, method: 'POST', body }),
      invalidatesTags: ['Loan', 'Dashboard'],
    }),
  }),
});

export const { useDisbursePendingLoanMutation, useDisburseLoansBatchMutation } = pendingDisbursementApi;
