import type {
  ApplicationListPage,
  ApproveApplicationResponse,
  RejectApplicationResponse,
} from '@lender/shared/contract/applications';
import type {
  ApproveApplicationsBatchRequest,
  BatchDecisionResponse,
} from '@lender/shared/contract/batch-decisions';
import { applicationList, type ApplicationListName } from '@lender/shared/contract/application-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { ListQueryResult } from '@lender/shared/ui/list-page.tsx';
import { loansApi } from '../../../api/loans-api';
import type { ListQueryArgs } from '../../../api/loan-lists-api';
import { callerScope } from '@lender/shared/client/caller-scope';

/** One page of an application list (shared/src/contract/application-lists.ts), as its page asks for it. */
export interface ApplicationListArgs<Name extends ApplicationListName = ApplicationListName> {
  list: Name;
  /** Server page, from 1. */
  page: number;
  /** The sort and filters. */
  filters?: ListQueryArgs;
}

export const applicationsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET any application list with role&officerId&page: one server page. */
    getApplicationList: builder.query<ApplicationListPage<ApplicationListName>, ApplicationListArgs>({
      // The sort and filters follow the scope: an admin's officer filter replaces their own id.
      query: ({ list, page, filters }) => ({
        url: applicationList(list).api,
        params: { ...callerScope(), page, ...filters },
      }),
      providesTags: ['Application'],
    }),
    /** PUT /api/loansApplication/approve/{id}: creates the loan, pending disbursement. */
    approveApplication: builder.mutation<ApproveApplicationResponse, { id: number; disbursedAmount: number }>(
      {
        query: ({ id, disbursedAmount }) => ({
          url: apiRoutes.applications.approve(id),
          method: 'PUT',
          body: { disbursedAmount },
        }),
        invalidatesTags: ['Application', 'Loan', 'Dashboard'],
      },
    ),
    /** PUT /api/loansApplication/reject/{id}: the reason may be empty. */
    rejectApplication: builder.mutation<RejectApplicationResponse, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: apiRoutes.applications.reject(id),
        method: 'PUT',
        body: { reason },
      }),
      invalidatesTags: ['Application', 'Loan', 'Dashboard'],
    }),
    /** POST /api/loansApplication/approve-batch: the selected applications, each at its applied amount, each on its own. */
    approveApplicationsBatch: builder.mutation<BatchDecisionResponse, ApproveApplicationsBatchRequest>({
      query: (body) => ({ url: apiRoutes.applications.approveBatch, method: 'POST', body }),
      invalidatesTags: ['Application', 'Loan', 'Dashboard'],
    }),
  }),
});

export const {
  useApproveApplicationMutation,
  useRejectApplicationMutation,
  useApproveApplicationsBatchMutation,
} = applicationsApi;

/** An application list's page, its rows typed as that list's (the server answers each with its own). */
export function useGetApplicationListQuery<Name extends ApplicationListName>(
  args: ApplicationListArgs<Name>,
): ListQueryResult<ApplicationListPage<Name>['data'][number]> {
  return applicationsApi.useGetApplicationListQuery(args) as ListQueryResult<
    ApplicationListPage<Name>['data'][number]
  >;
}
