import { hasErrorField, type RequestError } from '../client/api-error';
import { texts } from '../texts';
import { Alert } from '@lender/shared/ui/antd';

/**
 * Above a list whose load failed: "You are not authorized to view …" when the answer carries an
 * `error` field (specification §8), otherwise the unexpected-error text. Nothing when it loaded.
 */
export function ListErrorAlert({ error }: { error: RequestError }) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={hasErrorField(error) ? texts.auth.notAuthorizedToView : texts.errors.unexpectedTryAgain}
    />
  );
}
