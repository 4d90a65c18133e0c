import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { API_BASE } from '../contract/routes';
import { texts } from '../texts';
import {
  clearSession,
  getToken,
  markPasswordChangeRequired,
  noteActivity,
  PASSWORD_TEXTS,
  passwordChangeRequired,
  sessionEnded,
} from '@lender/shared/client/session';

/** Absolute API base: the page's own origin (one URL serves everything), or an override for tests. */
export function apiBaseUrl(): string {
  const override = (globalThis as { __LENDER_API_BASE__?: string }).__LENDER_API_BASE__;
  if (override) return override;
  return `${typeof window === 'undefined' ? 'http://127.0.0.1:8080' : window.location.origin}${API_BASE}`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  prepareHeaders: (headers) => {
    const token = getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const unauthorized: FetchBaseQueryError = {
  status: 401,
  data: { message: texts.auth.notAuthorized, error: 'Unauthorized' },
};

/**
 * Per-endpoint options: `public` calls (sign-in) need no session and never sign the user out;
 * `background` calls (the session's renewal) are not the person's activity.
 */
export interface BaseQueryExtraOptions {
  public?: boolean;
  background?: boolean;
}

/** The server's 403 to a user who must first change their temporary password. */
function demandsPasswordChange(error: FetchBaseQueryError | undefined): boolean {
  if (error?.status !== 403) return false;
  const data = error.data as { message?: unknown } | null | undefined;
  return data?.message === PASSWORD_TEXTS.mustChangePassword;
}

/**
 * The one base query of every api slice: bearer token from storage; a missing or expired
 * token, or a 401 from the server, clears the session and signs the user out; a 403 saying the
 * user must change their temporary password flags the session, and the shell asks for it.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  BaseQueryExtraOptions
> = async (args, api, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
  if (extraOptions?.public) {
    return rawBaseQuery({ ...request, url: `${apiBaseUrl()}${request.url}` }, api, {});
  }
  if (!getToken()) {
    clearSession();
    api.dispatch(sessionEnded({ reason: 'expired' }));
    return { error: unauthorized };
  }
  // A refetch forced by polling or by a change is not the person's doing; a new query or a
  // mutation is (it keeps the session renewed, shell/src/auth/session-renewal.ts).
  if (!extraOptions?.background && (api.type === 'mutation' || !api.forced)) noteActivity();
  const result = await rawBaseQuery({ ...request, url: `${apiBaseUrl()}${request.url}` }, api, {});
  if (result.error?.status === 401) {
    clearSession();
    api.dispatch(sessionEnded({ reason: 'unauthorized' }));
  } else if (demandsPasswordChange(result.error)) {
    markPasswordChangeRequired();
    api.dispatch(passwordChangeRequired());
  }
  return result;
};
