import { useState } from 'react';
import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Input, InputNumber } from '@lender/shared/ui/antd';
import { DecisionModal } from '../../../components/decision-modal';

interface DecisionProps<T> {
  application: PendingApplicationRow;
  loading: boolean;
  onConfirm: (value: T) => void;
  onCancel: () => void;
}

/** 'Enter Disbursed Amount', prefilled with the amount applied for. */
export function ApproveModal({ application, loading, onConfirm, onCancel }: DecisionProps<number | null>) {
  const [amount, setAmount] = useState<number | null>(application.amount);
  return (
    <DecisionModal
      title={texts.dialogs.enterDisbursedAmount}
      okText="Approve"
      loading={loading}
      summary={`${application.customer_full_name}, ${application.product_name}: applied for ${formatKsh(application.amount)}`}
      label="Disbursed Amount"
      fieldId="disbursed-amount"
      onOk={() => onConfirm(amount)}
      onCancel={onCancel}
    >
      <InputNumber
        id="disbursed-amount"
        value={amount}
        onChange={(value) => setAmount(typeof value === 'number' ? value : null)}
        prefix={texts.common.currency}
        style={{ width: '100%' }}
        autoFocus
      />
    </DecisionModal>
  );
}

/** 'Reason': a reason is not required (docs/product.md#form-checks). */
export function RejectModal({ application, loading, onConfirm, onCancel }: DecisionProps<string>) {
  const [reason, setReason] = useState('');
  return (
    <DecisionModal
      title={texts.dialogs.reason}
      okText="Reject"
      danger
      loading={loading}
      summary={`${application.customer_full_name}, ${application.product_name}: ${formatKsh(application.amount)}`}
      label="Reason"
      fieldId="rejection-reason"
      onOk={() => onConfirm(reason)}
      onCancel={onCancel}
    >
      <Input.TextArea
        id="rejection-reason"
        rows={3}
        maxLength={1000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        autoFocus
      />
    </DecisionModal>
  );
}
