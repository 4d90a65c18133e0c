import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { useConfirmedDeviceAction } from './use-confirmed-device-action';
import { useLockPhoneMutation } from '../api/loan-actions-api';

/** What a lock's confirmation names of the loan: a list's row and the loan page's detail both have it. */
export type LockableLoan = Pick<LoanRow, 'id' | 'customer_name' | 'arrears' | 'remaining_balance'>;

/** Why Lock is offered but disabled: the server refuses a lock while a repayment awaits approval. */
export const LOCK_PENDING_REASON = 'A repayment for this loan is awaiting approval';

/** Lock with the confirm dialog of docs/product.md#active-loans; toasts the server's answer either way. */
export function useLockPhone() {
  const [lockPhone, { isLoading, originalArgs }] = useLockPhoneMutation();
  const confirmDeviceAction = useConfirmedDeviceAction();

  const confirmAndLock = (loan: LockableLoan): void =>
    confirmDeviceAction({
      title: texts.dialogs.confirmLockTitle,
      question: texts.dialogs.confirmLockText,
      facts: [
        { label: 'Customer', value: loan.customer_name },
        { label: 'Arrears', value: formatKsh(loan.arrears) },
        { label: 'Balance', value: formatKsh(loan.remaining_balance) },
      ],
      okText: 'Lock',
      run: () => lockPhone(loan.id),
      successText: texts.success.phoneLocked,
    });

  return { confirmAndLock, lockingId: isLoading ? originalArgs : undefined };
}
