import { createRemoteApi } from '@lender/shared/client/create-remote-api';
import { apiRoutes } from '@lender/shared/contract/routes';
import type {
  RegisterUserResponse,
  ResetPasswordRequest,
  UpdateUserRequest,
  UserChangedResponse,
  UsersPage,
} from '@lender/shared/contract/users';

// Besides the shared tag names, what no other remote shows: the sign-in throttles, the device-lock
// provider's failing commands and alerts, the SMS templates, the messaging settings and their cost.
export const adminApi = createRemoteApi('adminApi', [
  'SignInThrottle',
  'DeviceCommand',
  'DeviceAlert',
  'MessageTemplate',
  'LenderSettings',
  'MessageCost',
]).injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/users?page(&role)(&sort&order): one server page of staff users. */
    getUsers: builder.query<
      UsersPage,
      { page: number; query?: Partial<Record<'role' | 'sort' | 'order', string>> }
    >({
      query: ({ page, query }) => ({ url: apiRoutes.users.list, params: { page, ...query } }),
      providesTags: ['User'],
    }),
    /**
     * POST /api/users/register, multipart: firstName, lastName, email, role, password and an
     * optional avatar file.
     */
    registerUser: builder.mutation<RegisterUserResponse, FormData>({
      query: (body) => ({ url: apiRoutes.users.register, method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /**
     * PATCH /api/users/{id}: name and role. The shell's header shows the signed-in user's own
     * name, and other remotes show officers' names.
     */
    updateUser: builder.mutation<UserChangedResponse, { id: number; changes: UpdateUserRequest }>({
      query: ({ id, changes }) => ({ url: apiRoutes.users.update(id), method: 'PATCH', body: changes }),
      invalidatesTags: ['User'],
    }),
    /** POST /api/users/{id}/deactivate: they cannot sign in and their sessions end. */
    deactivateUser: builder.mutation<UserChangedResponse, number>({
      query: (id) => ({ url: apiRoutes.users.deactivate(id), method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    /** POST /api/users/{id}/reactivate. */
    reactivateUser: builder.mutation<UserChangedResponse, number>({
      query: (id) => ({ url: apiRoutes.users.reactivate(id), method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    /** POST /api/users/{id}/reset-password: a temporary password the user must change at next sign-in. */
    resetUserPassword: builder.mutation<UserChangedResponse, { id: number } & ResetPasswordRequest>({
      query: ({ id, password }) => ({
        url: apiRoutes.users.resetPassword(id),
        method: 'POST',
        body: { password },
      }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useRegisterUserMutation,
  useUpdateUserMutation,
  useDeactivateUserMutation,
  useReactivateUserMutation,
  useResetUserPasswordMutation,
} = adminApi;
