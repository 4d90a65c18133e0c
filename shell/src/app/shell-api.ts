import { createRemoteApi } from '@lender/shared/client/create-remote-api';
import { injectApi } from '@lender/shared/client/store';
import { apiRoutes } from '@lender/shared/contract/routes';
import type {
  ChangeOwnPasswordRequest,
  ChangeOwnPasswordResponse,
  LoginResponse,
  LogoutResponse,
  User,
  UserByIdResponse,
} from '@lender/shared/contract/users';
import type { SearchResults } from '@lender/shared/contract/search';

/**
 * What the shell itself asks the server: the signed-in user for the header and profile, sign-out
 * and one's own password change (sign-in is shell/src/sign-in).
 */
export const shellApi = createRemoteApi('shellApi').injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/{id}: a list whose first item is the user. */
    getUserById: build.query<User | null, number>({
      query: (id) => apiRoutes.users.byId(id),
      transformResponse: (users: UserByIdResponse) => users[0] ?? null,
      providesTags: (_user, _error, id) => [{ type: 'User', id }],
    }),
    /** POST /api/users/logout: ends the caller's sessions on the server. */
    signOut: build.mutation<LogoutResponse, void>({
      query: () => ({ url: apiRoutes.users.logout, method: 'POST' }),
    }),
    /**
     * POST /api/users/me/password: every older token of the user stops working, and the answer
     * carries a new session (token and user), as a sign-in does.
     */
    /** GET /api/search?q=: customers, loans and repayments of the caller's book (the header search). */
    searchBook: build.query<SearchResults, string>({
      query: (q) => ({ url: apiRoutes.search, params: { q } }),
      keepUnusedDataFor: 30,
    }),
    /**
     * POST /api/users/session/renew: a new one-hour token while the person works (not their
     * activity itself: `background`). A refused token answers 401, which signs out.
     */
    renewSession: build.mutation<LoginResponse, void>({
      query: () => ({ url: apiRoutes.users.renewSession, method: 'POST' }),
      extraOptions: { background: true },
    }),
    changeOwnPassword: build.mutation<ChangeOwnPasswordResponse, ChangeOwnPasswordRequest>({
      query: (body) => ({ url: apiRoutes.users.ownPassword, method: 'POST', body }),
    }),
  }),
});

injectApi(shellApi);

export const {
  useGetUserByIdQuery,
  useSignOutMutation,
  useChangeOwnPasswordMutation,
  useRenewSessionMutation,
  useSearchBookQuery,
} = shellApi;
