import type { DeviceActionResponse, LoansPage } from '@lender/shared/contract/loans';
import type { LoanPaymentRequest, LoanPaymentResponse } from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';
import { loanListScope } from '../../../components/loan-scope';
import type { ListQueryArgs } from '../../../components/list-filters';

export interface ActiveLoansArgs {
  /** Server page, from 1. */
  page: number;
  /** Customer name; blank for every loan. */
  search?: string;
  /** The sort and filters (useListUrlState().queryArgs(LOAN_LIST_FILTERS)). */
  filters?: ListQueryArgs;
}

export const activeLoansApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/loan-details?role&officerId&page(&search): one server page of active loans. */
    getActiveLoans: builder.query<LoansPage, ActiveLoansArgs>({
      query: ({ page, search, filters }) => ({
        url: apiRoutes.loans.active,
        // An admin's officer filter (officerId) replaces the caller's own id.
        params: { ...loanListScope(), page, search: search?.trim() || undefined, ...filters },
      }),
      providesTags: ['Loan'],
    }),
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

export const { useGetActiveLoansQuery, useRecordRepaymentMutation, useLockPhoneMutation } = activeLoansApi;
