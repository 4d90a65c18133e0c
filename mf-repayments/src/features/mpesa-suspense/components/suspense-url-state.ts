import { useCallback } from 'react';
import { useSearchParams } from '@lender/shared/client/router';
import { MPESA_PAYMENT_STATUSES, type MpesaPaymentStatus } from '@lender/shared/contract/suspense';

/**
 * Which payments the suspense page shows, in the URL beside its page and search
 * (`?status=refunded&page=2`); 'suspense' (what waits) is the default and left out. Another
 * status starts again at page 1 and is a step in history.
 */
export function useSuspenseStatusUrlState(): {
  status: MpesaPaymentStatus;
  setStatus: (next: MpesaPaymentStatus) => void;
} {
  const [params, setParams] = useSearchParams();
  const value = params.get('status');
  const status = (MPESA_PAYMENT_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as MpesaPaymentStatus)
    : 'suspense';
  const setStatus = useCallback(
    (next: MpesaPaymentStatus) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === 'suspense') updated.delete('status');
        else updated.set('status', next);
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return { status, setStatus };
}
