import { hasErrorField, httpStatus, serverMessage, type RequestError } from '@lender/shared/client/api-error';
import { texts } from '@lender/shared/texts';

/**
 * What a failed approve, reject or disburse says (docs/product.md#messages): the given "not authorized"
 * text when the answer carries an `error` field; the server's reason for a refused input (400) or
 * a conflict (409, e.g. already decided); otherwise the unexpected-error text.
 */
export function decisionFailureText(error: RequestError, notAuthorizedText: string): string {
  if (hasErrorField(error)) return notAuthorizedText;
  const status = httpStatus(error);
  if (status === 400 || status === 409) return serverMessage(error, texts.errors.unexpectedTryAgain);
  return texts.errors.unexpectedTryAgain;
}
