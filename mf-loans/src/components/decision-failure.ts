import { hasErrorField, httpStatus, serverMessage, type RequestError } from '@lender/shared/client/api-error';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { LOAN_TOAST } from './loan-toast';

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

/** A mutation's result (RTK Query's): its answer, or its error. */
type DecisionOutcome =
  { data: { message: string }; error?: undefined } | { data?: undefined; error: RequestError };

/**
 * Toasts the server's answer to an approve, reject or disburse: a failure in decisionFailureText's
 * words, a success as the server's message (with `description` of the answer, e.g. the paybill
 * account number). True when it succeeded.
 */
export function useDecisionToast() {
  const { notification } = App.useApp();
  return <Outcome extends DecisionOutcome>(
    outcome: Outcome,
    notAuthorizedText: string,
    description?: (data: NonNullable<Outcome['data']>) => string,
  ): boolean => {
    if (outcome.error !== undefined || !outcome.data) {
      notification.error({ ...LOAN_TOAST, title: decisionFailureText(outcome.error, notAuthorizedText) });
      return false;
    }
    notification.success({
      ...LOAN_TOAST,
      title: outcome.data.message,
      description: description?.(outcome.data),
    });
    return true;
  };
}
