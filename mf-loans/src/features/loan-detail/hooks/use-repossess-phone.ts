import { serverMessage } from '@lender/shared/client/api-error';
import type { LoanDetail } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { LOAN_TOAST } from '../../../components/loan-toast';
import { useRepossessPhoneMutation } from '../api/loan-detail-api';

/** Repossess with the confirm dialog of §2.14; a failure reads 'Error locking phone' (§8) with the server's reason. */
export function useRepossessPhone() {
  const [repossess, { isLoading }] = useRepossessPhoneMutation();
  const { modal, notification } = App.useApp();

  const confirmAndRepossess = (loan: LoanDetail): void => {
    modal.confirm({
      title: texts.dialogs.confirmRepossessTitle,
      content: `Are you sure you want to repossess the phone of ${loan.customer_name}?`,
      okText: 'Repossess',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await repossess(loan.id);
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
          title: result.data.message || 'Phone repossessed successfully',
        });
      },
    });
  };

  return { confirmAndRepossess, isRepossessing: isLoading };
}
