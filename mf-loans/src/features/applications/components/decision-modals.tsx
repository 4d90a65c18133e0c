import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Input, InputNumber } from '@lender/shared/ui/antd';
import { DecisionModal, type DecisionHandlers } from '../../../components/decision-modal';

type DecisionProps<Value> = { application: PendingApplicationRow } & DecisionHandlers<Value>;

/** 'Enter Disbursed Amount', prefilled with the amount applied for. */
export function ApproveModal({ application, ...handlers }: DecisionProps<number | null>) {
  return (
    <DecisionModal<number | null>
      {...handlers}
      title={texts.dialogs.enterDisbursedAmount}
      okText="Approve"
      summary={`${application.customer_full_name}, ${application.product_name}: applied for ${formatKsh(application.amount)}`}
      label="Disbursed Amount"
      initialValue={application.amount}
    >
      {({ id, value, setValue }) => (
        <InputNumber
          id={id}
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : null)}
          prefix={texts.common.currency}
          style={{ width: '100%' }}
          autoFocus
        />
      )}
    </DecisionModal>
  );
}

/** 'Reason': a reason is not required (docs/product.md#form-checks). */
export function RejectModal({ application, ...handlers }: DecisionProps<string>) {
  return (
    <DecisionModal
      {...handlers}
      title={texts.dialogs.reason}
      okText="Reject"
      danger
      summary={`${application.customer_full_name}, ${application.product_name}: ${formatKsh(application.amount)}`}
      label="Reason"
      initialValue=""
    >
      {({ id, value, setValue }) => (
        <Input.TextArea
          id={id}
          rows={3}
          maxLength={1000}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoFocus
        />
      )}
    </DecisionModal>
  );
}
