import type { DashboardQuery, DashboardTrends } from '@lender/shared/contract/dashboard';
import type { LoansPage } from '@lender/shared/contract/loans';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';
import { callerScope } from '@lender/shared/client/caller-scope';

/**
 * The trends section's calls, in their own file so that they load with the section's deferred
 * chunk (dashboard-trends.tsx), not with the cards.
 */
export const trendsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/dashboard/trends: 12 weeks of figures (an admin may narrow to an officer). */
    getDashboardTrends: builder.query<DashboardTrends, Pick<DashboardQuery, 'officerId'>>({
      query: ({ officerId }) => ({
        url: apiRoutes.loans.dashboardTrends,
        params: officerId === undefined ? undefined : { officerId },
      }),
      providesTags: ['Dashboard'],
    }),
    /** The Due Today list's first page (the same call as its page), narrowed to a picked officer. */
    getDueTodayFirstPage: builder.query<LoansPage, { officerId?: number }>({
      query: ({ officerId }) => {
        const scope = callerScope();
        return {
          url: apiRoutes.loans.dueToday,
          params: { ...scope, ...(officerId === undefined ? {} : { officerId }), page: 1 },
        };
      },
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetDashboardTrendsQuery, useGetDueTodayFirstPageQuery } = trendsApi;
