import type { MessageResponse } from '@lender/shared/contract/common';
import type {
  AssignSuspenseRequest,
  AssignSuspenseResponse,
  MpesaPaymentStatus,
  RefundSuspenseRequest,
  SuspenseLoanOptions,
  SuspensePage,
  SuspenseSummary,
} from '@lender/shared/contract/suspense';
import { apiRoutes } from '@lender/shared/contract/routes';
import { SUSPENSE_LISTS } from '@lender/shared/contract/suspense-lists';
import { repaymentsApi } from '../../../api/repayments-api';

export interface SuspenseListArgs {
  page: number;
  search: string;
  status: MpesaPaymentStatus;
  /** The sort (sort, order) and the days paid (from, to), as in the URL. */
  query?: Partial<Record<'from' | 'to' | 'sort' | 'order', string>>;
}

/** The M-Pesa suspense queue (issue 13, admins only on the server). */
export const mpesaSuspenseApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/mpesa/suspense?page&search&status: one server page, newest first. */
    getSuspensePayments: builder.query<SuspensePage, SuspenseListArgs>({
      query: ({ page, search, status, query }) => ({
        url: SUSPENSE_LISTS.suspense.api,
        params: { page, ...(search ? { search } : {}), status, ...query },
      }),
      providesTags: ['Suspense'],
    }),
    /** GET /api/mpesa/suspense/summary: how many payments wait, and how much. */
    getSuspenseSummary: builder.query<SuspenseSummary, void>({
      query: () => ({ url: apiRoutes.mpesa.suspenseSummary }),
      providesTags: ['Suspense'],
    }),
    /** GET /api/mpesa/suspense/loans?search=: at most 10 open loans a payment could go to. */
    searchSuspenseLoans: builder.query<SuspenseLoanOptions, string>({
      query: (search) => ({ url: apiRoutes.mpesa.suspenseLoans, params: { search } }),
      providesTags: ['Suspense', 'Loan'],
    }),
    /** POST /api/mpesa/suspense/:id/assign: puts what waits on a loan (up to what it owes). */
    assignSuspensePayment: builder.mutation<
      AssignSuspenseResponse,
      { id: number; body: AssignSuspenseRequest }
    >({
      query: ({ id, body }) => ({ url: apiRoutes.mpesa.assign(id), method: 'POST', body }),
      // A repayment was recorded on the loan: the loans lists, the dashboard and the reports refetch.
      invalidatesTags: ['Suspense', 'Repayment', 'Loan', 'Dashboard', 'Report'],
    }),
    /** POST /api/mpesa/suspense/:id/refund: what waits was sent back to the payer. */
    refundSuspensePayment: builder.mutation<MessageResponse, { id: number; body: RefundSuspenseRequest }>({
      query: ({ id, body }) => ({ url: apiRoutes.mpesa.refund(id), method: 'POST', body }),
      // The dashboard of the loans remote shows the count waiting.
      invalidatesTags: ['Suspense', 'Dashboard'],
    }),
  }),
});

export const {
  useGetSuspensePaymentsQuery,
  useGetSuspenseSummaryQuery,
  useSearchSuspenseLoansQuery,
  useAssignSuspensePaymentMutation,
  useRefundSuspensePaymentMutation,
} = mpesaSuspenseApi;
