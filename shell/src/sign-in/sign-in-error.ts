import type { LoginResponse } from '@lender/shared/contract/users';
import { texts } from '@lender/shared/texts';

const messageOf = (body: unknown): string | undefined => {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
};

export type LoginOutcome =
  | { ok: true; answer: Partial<LoginResponse> & Pick<LoginResponse, 'access_token' | 'user'> }
  | { ok: false; message: string };

/**
 * The specification's reading of the sign-in answer (docs/product.md#messages): a non-OK answer or an OK one without a
 * token and user fails with the server's message (a 429 says when to try again), or 'Login
 * failed' when there is none or the body is not JSON.
 */
export async function readLoginAnswer(response: Response): Promise<LoginOutcome> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: texts.signIn.loginFailed };
  }
  const answer = (body ?? {}) as Partial<LoginResponse>;
  if (response.ok && answer.access_token && answer.user) {
    return { ok: true, answer: { ...answer, access_token: answer.access_token, user: answer.user } };
  }
  return { ok: false, message: messageOf(body) ?? texts.signIn.loginFailed };
}

/** An error thrown before any answer (the network is down): its message, or 'An unexpected error occurred'. */
export function thrownMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message || texts.signIn.unexpected;
}
