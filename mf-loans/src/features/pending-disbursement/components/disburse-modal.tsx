import { useState } from 'react';
import type { LoanRow } from '@lender/shared/contract/loans';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Input } from '@lender/shared/ui/antd';
import { DecisionModal } from '../../../components/decision-modal';

interface DisburseModalProps {
  loan: LoanRow;
  loading: boolean;
  onConfirm: (mpesaCode: string) => void;
  onCancel: () => void;
}

/** 'Enter Mpesa Code': the M-Pesa code of the disbursement. */
export function DisburseModal({ loan, loading, onConfirm, onCancel }: DisburseModalProps) {
  const [mpesaCode, setMpesaCode] = useState('');
  return (
    <DecisionModal
      title={texts.dialogs.enterMpesaCode}
      okText="Disburse"
      loading={loading}
      summary={`${loan.customer_name}, ${loan.loan_product}: ${formatKsh(loan.principal)}`}
      label="Mpesa Code"
      fieldId="disbursement-mpesa-code"
      onOk={() => onConfirm(mpesaCode)}
      onCancel={onCancel}
    >
      <Input
        id="disbursement-mpesa-code"
        value={mpesaCode}
        onChange={(event) => setMpesaCode(event.target.value)}
        autoComplete="off"
        autoFocus
      />
    </DecisionModal>
  );
}
