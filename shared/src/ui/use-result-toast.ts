import { serverMessage, type RequestError } from '../client/api-error';
import { texts } from '../texts';
// The federation singleton, not a relative copy: App.useApp() must see the shell's <App>.
import { App } from '@lender/shared/ui/antd';

/** Toasts of the product's screens: top right, closing after 5 s (docs/product.md#constants). */
const TOAST = { placement: 'topRight', duration: 5 } as const;

/** A mutation's result (RTK Query's): the server's answer, or its refusal. */
type MutationResult =
  { data: { message: string }; error?: undefined } | { data?: undefined; error: RequestError };

interface ResultWords {
  /** Said of a refusal the server gives no reason for (default: the unexpected-error text). */
  failure?: string;
  /** Said of a success instead of the server's message. */
  success?: string;
  /** The dialog shows the refusal itself (FormModal's error): it is not toasted. */
  refusalInDialog?: boolean;
}

/**
 * Toasts the server's answer to a save: a refusal in the server's words, a success as its message.
 * True when it succeeded (the dialog may close).
 */
export function useResultToast(): (result: MutationResult, words?: ResultWords) => boolean {
  const { notification } = App.useApp();
  return (result, { failure = texts.errors.unexpectedTryAgain, success, refusalInDialog } = {}) => {
    if (result.error !== undefined || !result.data) {
      if (!refusalInDialog) notification.error({ ...TOAST, title: serverMessage(result.error, failure) });
      return false;
    }
    notification.success({ ...TOAST, title: success ?? result.data.message });
    return true;
  };
}
