import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import { useConfirmedDeviceAction } from '../../../components/use-confirmed-device-action';
import { useLockPhoneMutation } from '../api/active-loans-api';

/** Lock with the confirm dialog of §2.12; toasts the server's answer either way. */
export function useLockPhone() {
  const [lockPhone, { isLoading, originalArgs }] = useLockPhoneMutation();
  const confirmDeviceAction = useConfirmedDeviceAction();

  const confirmAndLock = (loan: LoanRow): void =>
    confirmDeviceAction({
      title: texts.dialogs.confirmLockTitle,
      content: texts.dialogs.confirmLockText,
      okText: 'Lock',
      run: () => lockPhone(loan.id),
      successText: texts.success.phoneLocked,
    });

  return { confirmAndLock, lockingId: isLoading ? originalArgs : undefined };
}
