import type { OfficerOptionsResponse } from '@lender/shared/contract/users';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from './repayments-api';

/** GET /api/users/officers (admins): every officer by name, for the lists' officer filter. */
export const officersApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    getOfficers: builder.query<OfficerOptionsResponse, void>({
      query: () => apiRoutes.users.officers,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetOfficersQuery } = officersApi;
