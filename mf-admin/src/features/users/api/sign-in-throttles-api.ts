import { apiRoutes } from '@lender/shared/contract/routes';
import type { MessageResponse } from '@lender/shared/contract/common';
import type { SignInThrottlesPage } from '@lender/shared/contract/sign-in-throttles';
import { adminApi } from '../../../api/admin-api';

export const signInThrottlesApi = adminApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/sign-in-throttles?page: the current throttles, 10 a page. */
    getSignInThrottles: builder.query<SignInThrottlesPage, { page: number }>({
      query: ({ page }) => ({ url: apiRoutes.signInThrottles.list, params: { page } }),
      providesTags: ['SignInThrottle'],
    }),
    /** DELETE /api/sign-in-throttles/{id}: sign-ins from that key no longer wait. */
    clearSignInThrottle: builder.mutation<MessageResponse, number>({
      query: (id) => ({ url: apiRoutes.signInThrottles.clear(id), method: 'DELETE' }),
      invalidatesTags: ['SignInThrottle'],
    }),
  }),
});

export const { useGetSignInThrottlesQuery, useClearSignInThrottleMutation } = signInThrottlesApi;
