import type {
  ApproveRepaymentRequest,
  ApproveRepaymentResponse,
  RejectRepaymentRequest,
  RejectRepaymentResponse,
  RepaymentsPage,
} from '@lender/shared/contract/repayments';
import type {
  ApproveRepaymentsBatchRequest,
  BatchDecisionResponse,
} from '@lender/shared/contract/batch-decisions';
import { repaymentList, type RepaymentListName } from '@lender/shared/contract/repayment-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from '../../../api/repayments-api';
import { callerScope } from '@lender/shared/client/caller-scope';

/** The filters a repayment list takes from the URL (useListUrlState's queryArgs). */
export const REPAYMENT_LIST_FILTERS = ['productId', 'officerId', 'from', 'to'] as const;

/** One page of a repayment list (shared/src/contract/repayment-lists.ts), as its page asks for it. */
export interface RepaymentListArgs {
  list: RepaymentListName;
  page: number;
  search: string;
  /** The sort (sort, order) and filters (productId, officerId for admins, from, to), as in the URL. */
  query?: Partial<Record<(typeof REPAYMENT_LIST_FILTERS)[number] | 'sort' | 'order', string>>;
}

export const repaymentListsApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET any repayment list with role&officerId&page&search: one server page of repayments. */
    getRepaymentList: builder.query<RepaymentsPage, RepaymentListArgs>({
      query: ({ list, page, search, query }) => ({
        url: repaymentList(list).api,
        // An admin's chosen officer replaces the caller's own id (which narrows nothing for an admin).
        params: { ...callerScope(), page, ...(search ? { search } : {}), ...query },
      }),
      providesTags: ['Repayment'],
    }),
    /** PUT /api/repayments/{id} with status 'paid': approves a pending repayment. */
    approveRepayment: builder.mutation<
      ApproveRepaymentResponse,
      { id: number; body: ApproveRepaymentRequest }
    >({
      query: ({ id, body }) => ({ url: apiRoutes.repayments.approve(id), method: 'PUT', body }),
      // Tells every remote's api slice (the loans lists, the dashboard, the reports) to refetch.
      invalidatesTags: ['Repayment', 'Loan', 'Dashboard', 'Report'],
    }),
    /** PUT /api/repayments/reject/{id} with a reason: rejects a pending repayment. */
    rejectRepayment: builder.mutation<RejectRepaymentResponse, { id: number; body: RejectRepaymentRequest }>({
      query: ({ id, body }) => ({ url: apiRoutes.repayments.reject(id), method: 'PUT', body }),
      // What awaits approval changes on the loan pages (Awaiting Approval, Lock) and the lists.
      invalidatesTags: ['Repayment', 'Loan', 'Dashboard', 'Report'],
    }),
    /** POST /api/repayments/approve-batch: approves the selected repayments, each on its own. */
    approveRepaymentsBatch: builder.mutation<BatchDecisionResponse, ApproveRepaymentsBatchRequest>({
      query: (body) => ({ url: apiRoutes.repayments.approveBatch, method: 'POST', body }),
      invalidatesTags: ['Repayment', 'Loan', 'Dashboard', 'Report'],
    }),
  }),
});

export const {
  useGetRepaymentListQuery,
  useApproveRepaymentMutation,
  useApproveRepaymentsBatchMutation,
  useRejectRepaymentMutation,
} = repaymentListsApi;
