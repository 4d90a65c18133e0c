import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@lender/shared/client/base-query';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { DashboardAnalytics, DashboardQuery } from '@lender/shared/contract/dashboard';
import { apiRoutes } from '@lender/shared/contract/routes';

export const loansApi = createApi({
  reducerPath: 'loansApi',
  baseQuery,
  // Every shared tag name, so a `dataChanged` from any remote can invalidate what this one cached.
  tagTypes: DATA_TAGS,
  endpoints: (builder) => ({
    /** GET /api/loans/dashboard/analytics: the dashboard's counts and amounts (an admin may narrow to an officer). */
    getDashboardAnalytics: builder.query<DashboardAnalytics, DashboardQuery | void>({
      query: (query) => ({ url: apiRoutes.loans.dashboard, params: query ?? undefined }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardAnalyticsQuery } = loansApi;
