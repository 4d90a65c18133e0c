import { broadcastChanges } from '@lender/shared/client/data-changed';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { PutTargetsRequest, PutTargetsResponse, TargetsResponse } from '@lender/shared/contract/targets';
import { adminApi } from '../../../api/admin-api';

/** A calendar month: month 1–12. */
export interface MonthArg {
  month: number;
  year: number;
}

export const targetsApi = adminApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/targets?month&year: the company-wide row first, then one row per officer. */
    getTargets: builder.query<TargetsResponse, MonthArg>({
      query: ({ month, year }) => ({ url: apiRoutes.targets, params: { month, year } }),
      providesTags: ['Target'],
    }),
    /**
     * PUT /api/targets?month&year with {targets}. The monthly pages of other remotes show the
     * targets, so the change is broadcast (which also refreshes this api's Target queries).
     */
    putTargets: builder.mutation<PutTargetsResponse, MonthArg & PutTargetsRequest>({
      query: ({ month, year, targets }) => ({
        url: apiRoutes.targets,
        method: 'PUT',
        params: { month, year },
        body: { targets },
      }),
      onQueryStarted: broadcastChanges(['Target', 'Report']),
    }),
  }),
});

export const { useGetTargetsQuery, usePutTargetsMutation } = targetsApi;
