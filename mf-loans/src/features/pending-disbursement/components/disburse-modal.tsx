import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Input } from '@lender/shared/ui/antd';
import { DecisionModal, type DecisionHandlers } from '../../../components/decision-modal';

/** 'Enter Mpesa Code': the M-Pesa code of the disbursement. */
export function DisburseModal({ loan, ...handlers }: { loan: LoanRow } & DecisionHandlers<string>) {
  return (
    <DecisionModal
      {...handlers}
      title={texts.dialogs.enterMpesaCode}
      okText="Disburse"
      summary={`${loan.customer_name}, ${loan.loan_product}: ${formatKsh(loan.principal)}`}
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
