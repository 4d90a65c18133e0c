import { broadcastChanges } from '@lender/shared/client/data-changed';
import type {
  ApproveRepaymentRequest,
  ApproveRepaymentResponse,
  RepaymentsPage,
} from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from '../../../api/repayments-api';
import { listScope } from '../../../components/list-scope';

/** The repayment lists of §2.16, each a paginated GET (data + meta) searched on the server. */
export const REPAYMENT_LIST_PATHS = {
  pending: apiRoutes.repayments.pending,
  approved: apiRoutes.repayments.approved,
  all: apiRoutes.repayments.list,
} as const;
export type RepaymentListKind = keyof typeof REPAYMENT_LIST_PATHS;

export interface RepaymentListArgs {
  kind: RepaymentListKind;
  page: number;
  search: string;
}

export const repaymentListsApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET one of the lists with role&officerId&page&search: one server page of repayments. */
    getRepayments: builder.query<RepaymentsPage, RepaymentListArgs>({
      query: ({ kind, page, search }) => ({
        url: REPAYMENT_LIST_PATHS[kind],
        params: { ...listScope(), page, ...(search ? { search } : {}) },
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
      onQueryStarted: broadcastChanges(['Repayment', 'Loan', 'Dashboard', 'Report']),
    }),
  }),
});

export const { useGetRepaymentsQuery, useApproveRepaymentMutation } = repaymentListsApi;
