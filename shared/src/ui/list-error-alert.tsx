import { hasErrorField, type RequestError } from '../client/api-error';
import { texts } from '../texts';
import { Alert, Button } from '@lender/shared/ui/antd';

/**
 * What a list whose load failed says: "You are not authorized to view …" when the answer carries
 * an `error` field (docs/product.md#messages), otherwise the unexpected-error text.
 */
export function listErrorText(error: NonNullable<RequestError>): string {
  return hasErrorField(error) ? texts.auth.notAuthorizedToView : texts.errors.unexpectedTryAgain;
}

interface ListErrorAlertProps {
  error: RequestError;
  /** The list's own wording of the failure; by default {@link listErrorText}. */
  message?: string | undefined;
  /** A second line (the server's message). */
  detail?: string | undefined;
  /** Loads the list again (the query's refetch); shown as a Retry button. */
  onRetry?: (() => void) | undefined;
}

/** In place of a list whose load failed, with Retry. Nothing when it loaded. */
export function ListErrorAlert({ error, message, detail, onRetry }: ListErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={message ?? listErrorText(error)}
      description={detail}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {texts.common.retry}
          </Button>
        ) : undefined
      }
    />
  );
}
