import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../contract/common';

export type RequestError = FetchBaseQueryError | SerializedError | undefined;

/** The server's error body when the request reached it, else null. */
export function apiErrorBody(error: RequestError): Partial<ApiError> | null {
  if (!error || !('status' in error)) return null;
  const data = (error as FetchBaseQueryError).data;
  return data && typeof data === 'object' ? (data as Partial<ApiError>) : null;
}

export function httpStatus(error: RequestError): number | null {
  if (!error || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** True when the server's answer carries an `error` field (the specification's "not authorized" test). */
export function hasErrorField(error: RequestError): boolean {
  return Boolean(apiErrorBody(error)?.error);
}

/**
 * The server's message for the user: `errors[0].msg` for validation failures, then `message`,
 * then the given fallback (one of the specification's texts).
 */
export function serverMessage(error: RequestError, fallback: string): string {
  const body = apiErrorBody(error);
  return body?.errors?.[0]?.msg ?? body?.message ?? fallback;
}
