import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { texts } from '@lender/shared/texts';

type LoginFailure = FetchBaseQueryError | SerializedError | undefined;

const messageOf = (body: unknown): string | undefined => {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
};

/**
 * The specification's sign-in failure text (§8): the server's message when it sent one (a 429
 * says when to try again), 'Login failed' for a non-OK answer without one, and for an error
 * thrown before any answer its message, or 'An unexpected error occurred'.
 */
export function signInFailureMessage(failure: LoginFailure): string {
  if (!failure) return texts.signIn.unexpected;
  if ('status' in failure) {
    if (typeof failure.status === 'number') return messageOf(failure.data) ?? texts.signIn.loginFailed;
    if (failure.status === 'PARSING_ERROR') return texts.signIn.loginFailed;
    // FETCH_ERROR / TIMEOUT_ERROR / CUSTOM_ERROR: the request threw ("TypeError: Failed to fetch").
    const thrown = failure.error.replace(/^[A-Za-z]*Error:\s*/, '').trim();
    return thrown || texts.signIn.unexpected;
  }
  return failure.message?.trim() || texts.signIn.unexpected;
}

/** An OK answer without a token is a failure too: its message, or 'Login failed'. */
export function missingTokenMessage(body: unknown): string {
  return messageOf(body) ?? texts.signIn.loginFailed;
}
