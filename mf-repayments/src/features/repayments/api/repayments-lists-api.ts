import type {
  ApproveRepaymentRequest,
  ApproveRepaymentResponse,
  RepaymentsPage,
} from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from '../../../api/repayments-api';
import { listScope } from '../../../components/list-scope';

/** The repayment lists of docs/product.md#repayment-lists, each a paginated GET (data + meta) searched on the server. */
export const REPAYMENT_LIST_PATHS = {
  pending: apiRoutes.repayments.pending,
  approved: apiRoutes.repayments.approved,
  all: apiRoutes.repayments.list,
} as const;
export type RepaymentListKind = keyof typeof REPAYMENT_LIST_PATHS;

/** The filters a repayment list takes from the URL (useListUrlState's queryArgs). */
export const REPAYMENT_LIST_FILTERS = ['productId', 'officerId', 'from', 'to'] as const;

export interface RepaymentListArgs {
  kind: RepaymentListKind;
  page: number;
  search: string;
  /** The sort (sort, order) and filters (productId, officerId for admins, from, to), as in the URL. */
  query?: Partial<Record<(typeof REPAYMENT_LIST_FILTERS)[number] | 'sort' | 'order', string>>;
}

export const repaymentListsApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET one of the lists with role&officerId&page&search: one server page of repayments. */
    getRepayments: builder.query<RepaymentsPage, RepaymentListArgs>({
      query: ({ kind, page, search, query }) => ({
        url: REPAYMENT_LIST_PATHS[kind],
        // An admin's chosen officer replaces the caller's own id (which narrows nothing for an admin).
        params: { ...listScope(), page, ...(search ? { search } : {}), ...query },
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
  }),
});

export const { useGetRepaymentsQuery, useApproveRepaymentMutation } = repaymentListsApi;
