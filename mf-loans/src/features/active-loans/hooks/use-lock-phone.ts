import { serverMessage } from '@lender/shared/client/api-error';
import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { LOAN_TOAST } from '../../../components/loan-toast';
import { useLockPhoneMutation } from '../api/active-loans-api';

/** Lock with the confirm dialog of §2.12; toasts the server's answer either way. */
export function useLockPhone() {
  const [lockPhone, { isLoading, originalArgs }] = useLockPhoneMutation();
  const { modal, notification } = App.useApp();

  const confirmAndLock = (loan: LoanRow): void => {
    modal.confirm({
      title: texts.dialogs.confirmLockTitle,
      content: texts.dialogs.confirmLockText,
      okText: 'Lock',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await lockPhone(loan.id);
        if ('error' in result) {
          const reason = serverMessage(result.error, '');
          notification.error({
            ...LOAN_TOAST,
            title: texts.errors.lockFailed,
            ...(reason ? { description: reason } : {}),
          });
          return;
        }
        notification.success({
          ...LOAN_TOAST,
          title: result.data.message || texts.success.phoneLocked,
        });
      },
    });
  };

  return { confirmAndLock, lockingId: isLoading ? originalArgs : undefined };
}
