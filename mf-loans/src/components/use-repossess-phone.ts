import type { LoanDetail } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { useConfirmedDeviceAction } from './use-confirmed-device-action';
import { useRepossessPhoneMutation } from '../api/loan-actions-api';

/** Repossess with the confirm dialog of docs/product.md#loan-detail; toasts the server's answer either way. */
export function useRepossessPhone() {
  const [repossess, { isLoading }] = useRepossessPhoneMutation();
  const confirmDeviceAction = useConfirmedDeviceAction();

  const confirmAndRepossess = (loan: LoanDetail): void =>
    confirmDeviceAction({
      title: texts.dialogs.confirmRepossessTitle,
      question: `Are you sure you want to repossess the phone of ${loan.customer_name}?`,
      facts: [
        { label: 'Customer', value: loan.customer_name },
        { label: 'Phone', value: [loan.model, loan.imei_number].filter(Boolean).join(', ') || '—' },
        { label: 'Balance', value: formatKsh(loan.remaining_balance) },
      ],
      okText: 'Repossess',
      run: () => repossess(loan.id),
      successText: 'Phone repossessed successfully',
    });

  return { confirmAndRepossess, isRepossessing: isLoading };
}
