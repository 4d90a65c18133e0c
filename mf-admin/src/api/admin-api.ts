import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@lender/shared/client/base-query';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { RegisterUserResponse, UsersPage } from '@lender/shared/contract/users';

export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  // Every shared tag name, so a `dataChanged` from any remote can invalidate what this one cached.
  tagTypes: DATA_TAGS,
  endpoints: (builder) => ({
    /** GET /api/users?page: one server page of staff users. */
    getUsers: builder.query<UsersPage, { page: number }>({
      query: ({ page }) => ({ url: apiRoutes.users.list, params: { page } }),
      providesTags: ['User'],
    }),
    /**
     * POST /api/users/register, multipart: firstName, lastName, email, role, password and an
     * optional avatar file. No other remote shows staff users, so nothing is broadcast.
     */
    registerUser: builder.mutation<RegisterUserResponse, FormData>({
      query: (body) => ({ url: apiRoutes.users.register, method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useGetUsersQuery, useRegisterUserMutation } = adminApi;
