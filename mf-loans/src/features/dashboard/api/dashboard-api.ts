import type { BackupStatus } from '@lender/shared/contract/backups';
import type { DashboardAnalytics, DashboardQuery } from '@lender/shared/contract/dashboard';
import type { DeviceProblemsSummary } from '@lender/shared/contract/device-lock';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { SuspenseSummary } from '@lender/shared/contract/suspense';
import { loansApi } from '../../../api/loans-api';

export const dashboardApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/dashboard/analytics: the dashboard's counts and amounts (an admin may narrow to an officer). */
    getDashboardAnalytics: builder.query<DashboardAnalytics, DashboardQuery | void>({
      query: (query) => ({ url: apiRoutes.loans.dashboard, params: query ?? undefined }),
      providesTags: ['Dashboard'],
    }),
    /** GET /api/mpesa/suspense/summary: paybill payments waiting for an admin (admins only). */
    getSuspenseSummary: builder.query<SuspenseSummary, void>({
      query: () => ({ url: apiRoutes.mpesa.suspenseSummary }),
      providesTags: ['Suspense'],
    }),
    /**
     * GET /api/device-commands/summary: device commands failing and phones in an unexpected state
     * (admins only). 'Dashboard': an admin's Retry or Dismiss (mf-admin) invalidates it.
     */
    getDeviceProblemsSummary: builder.query<DeviceProblemsSummary, void>({
      query: () => ({ url: apiRoutes.deviceLock.summary }),
      providesTags: ['Dashboard'],
    }),
    /** GET /api/backups/status: the embedded database's last successful backup (admins only). */
    getBackupStatus: builder.query<BackupStatus, void>({
      query: () => ({ url: apiRoutes.backups.status }),
    }),
  }),
});

export const {
  useGetDashboardAnalyticsQuery,
  useGetSuspenseSummaryQuery,
  useGetDeviceProblemsSummaryQuery,
  useGetBackupStatusQuery,
} = dashboardApi;
