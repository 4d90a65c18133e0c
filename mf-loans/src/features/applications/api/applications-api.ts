import { readSession } from '@lender/shared/client/session';
import type {
  ApproveApplicationResponse,
  PendingApplicationsPage,
  RejectApplicationResponse,
  RejectedApplicationsPage,
} from '@lender/shared/contract/applications';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';
import type { ListQueryArgs } from '../../../api/loan-lists-api';

/**
 * The caller's role and id travel with list calls as the specification asks (docs/product.md#roles-in-the-browser); the server
 * scopes the answer by the signed-in user whatever they say.
 */
export function applicationScope(): { role?: string; officerId?: number } {
  const user = readSession()?.user;
  return user ? { role: user.role, officerId: user.id } : {};
}

export const applicationsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loansApplication/pending?role&officerId&page: one server page. */
    getPendingApplications: builder.query<PendingApplicationsPage, { page: number; filters?: ListQueryArgs }>(
      {
        // The sort and filters follow the scope: an admin's officer filter replaces their own id.
        query: ({ page, filters }) => ({
          url: apiRoutes.applications.pending,
          params: { ...applicationScope(), page, ...filters },
        }),
        providesTags: ['Application'],
      },
    ),
    /** GET /api/loansApplication/rejected?role&officerId&page: one server page, most recently rejected first. */
    getRejectedApplications: builder.query<
      RejectedApplicationsPage,
      { page: number; filters?: ListQueryArgs }
    >({
      query: ({ page, filters }) => ({
        url: apiRoutes.applications.rejected,
        params: { ...applicationScope(), page, ...filters },
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
  }),
});

export const {
  useGetPendingApplicationsQuery,
  useGetRejectedApplicationsQuery,
  useApproveApplicationMutation,
  useRejectApplicationMutation,
} = applicationsApi;
