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
     * targets; the invalidated tags reach every remote's slice.
     */
    putTargets: builder.mutation<PutTargetsResponse, MonthArg & PutTargetsRequest>({
      query: ({ month, year, targets }) => ({
        url: apiRoutes.targets,
        method: 'PUT',
        params: { month, year },
        body: { targets },
      }),
      invalidatesTags: ['Target', 'Report'],
    }),
  }),
});

export const { useGetTargetsQuery, usePutTargetsMutation } = targetsApi;
