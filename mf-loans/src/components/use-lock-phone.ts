import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { useConfirmedDeviceAction } from './use-confirmed-device-action';
import { useLockPhoneMutation } from '../api/loan-actions-api';

/** Lock with the confirm dialog of docs/product.md#active-loans; toasts the server's answer either way. */
export function useLockPhone() {
  const [lockPhone, { isLoading, originalArgs }] = useLockPhoneMutation();
  const confirmDeviceAction = useConfirmedDeviceAction();

  const confirmAndLock = (loan: LoanRow): void =>
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
