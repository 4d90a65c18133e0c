import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Input } from '@lender/shared/ui/antd';
import { ConfirmFacts } from '@lender/shared/ui/use-confirm.tsx';
import { DecisionModal, type DecisionHandlers } from '../../../components/decision-modal';

/**
 * 'Enter Mpesa Code': the M-Pesa code of the disbursement. It names the customer, phone and
 * amount, so its Disburse is the confirmation (issue 34: no second dialog).
 */
export function DisburseModal({ loan, ...handlers }: { loan: LoanRow } & DecisionHandlers<string>) {
  return (
    <DecisionModal
      {...handlers}
      title={texts.dialogs.enterMpesaCode}
      okText="Disburse"
      summary={
        <ConfirmFacts
          facts={[
            { label: 'Customer', value: loan.customer_name },
            { label: 'Phone', value: loan.model },
            { label: 'Product', value: loan.loan_product },
            { label: 'Amount', value: formatKsh(loan.principal) },
          ]}
        />
      }
      label="Mpesa Code"
      initialValue=""
    >
      {({ id, value, setValue }) => (
        <Input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoFocus
        />
      )}
    </DecisionModal>
  );
}
