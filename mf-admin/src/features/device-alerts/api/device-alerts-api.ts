import type { MessageResponse, Paginated } from '@lender/shared/contract/common';
import type { DeviceAlert, DeviceCommandPage } from '@lender/shared/contract/device-lock';
import { apiRoutes } from '@lender/shared/contract/routes';
import { adminApi } from '../../../api/admin-api';

export const deviceAlertsApi = adminApi.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * GET /api/device-commands/failing?page: commands the provider keeps failing (queued with
     * FAILING_AFTER_ATTEMPTS failed attempts or more) or refused (failed), with its last answer.
     */
    getFailingCommands: builder.query<DeviceCommandPage, { page: number }>({
      query: ({ page }) => ({ url: apiRoutes.deviceLock.failing, params: { page } }),
      providesTags: ['DeviceCommand'],
    }),
    /** GET /api/device-commands/alerts?page: phones the provider reported in a state nobody asked for. */
    getDeviceAlerts: builder.query<Paginated<DeviceAlert>, { page: number }>({
      query: ({ page }) => ({ url: apiRoutes.deviceLock.alerts, params: { page } }),
      providesTags: ['DeviceAlert'],
    }),
    /**
     * POST /api/device-commands/{id}/retry: sent again now. The loan page shows its commands and the
     * dashboard counts the failing ones: both refetch (the shared tags reach the other remotes).
     */
    retryDeviceCommand: builder.mutation<MessageResponse, number>({
      query: (id) => ({ url: apiRoutes.deviceLock.retry(id), method: 'POST' }),
      invalidatesTags: ['DeviceCommand', 'Loan', 'Dashboard'],
    }),
    /** DELETE /api/loans/{loanId}/device-alert: an admin has dealt with the phone. */
    dismissDeviceAlert: builder.mutation<MessageResponse, number>({
      query: (loanId) => ({ url: apiRoutes.deviceLock.alert(loanId), method: 'DELETE' }),
      invalidatesTags: ['DeviceAlert', 'Loan', 'Dashboard'],
    }),
  }),
});

export const {
  useGetFailingCommandsQuery,
  useGetDeviceAlertsQuery,
  useRetryDeviceCommandMutation,
  useDismissDeviceAlertMutation,
} = deviceAlertsApi;
