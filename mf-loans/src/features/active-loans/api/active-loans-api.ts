import type { DeviceActionResponse } from '@lender/shared/contract/loans';
import type { LoanPaymentRequest, LoanPaymentResponse } from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';

export const activeLoansApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * POST /api/loans/loan-payment: records a pending repayment. Repayment lists, loans and the
     * dashboard of every remote refresh (invalidatesTags reaches every slice).
     */
    recordRepayment: builder.mutation<LoanPaymentResponse, LoanPaymentRequest>({
      query: (body) => ({ url: apiRoutes.loans.payment, method: 'POST', body }),
      invalidatesTags: ['Repayment', 'Loan', 'Dashboard'],
    }),
    /** PUT /api/loans/lock/{id}, empty body (admins; only a phone waiting for a lock). */
    lockPhone: builder.mutation<DeviceActionResponse, number>({
      query: (id) => ({ url: apiRoutes.loans.lock(id), method: 'PUT' }),
      invalidatesTags: ['Loan', 'Dashboard'],
    }),
  }),
});

export const { useRecordRepaymentMutation, useLockPhoneMutation } = activeLoansApi;
