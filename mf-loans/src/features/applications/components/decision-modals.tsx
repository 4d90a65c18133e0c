import type { PendingApplicationRow } from '@lender/shared/contract/applications';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { Input, InputNumber } from '@lender/shared/ui/antd';
import { ConfirmFacts } from '@lender/shared/ui/use-confirm.tsx';
import { DecisionModal, type DecisionHandlers } from '../../../components/decision-modal';
import { KSH_INPUT } from '@lender/shared/ui/money.tsx';

type DecisionProps<Value> = { application: PendingApplicationRow } & DecisionHandlers<Value>;

/**
 * Whose application, which phone and how much: the facts a decision's modal names, so that its
 * button is the confirmation (issue 34: no second dialog).
 */
const applicationFacts = (application: PendingApplicationRow, amountLabel: string) => (
  <ConfirmFacts
    facts={[
      { label: 'Customer', value: application.customer_full_name },
      { label: 'Phone', value: application.model },
      { label: 'Product', value: application.product_name },
      { label: amountLabel, value: formatKsh(application.amount) },
    ]}
  />
);

/** 'Enter Disbursed Amount', prefilled with the amount applied for; Approve creates the loan. */
export function ApproveModal({ application, ...handlers }: DecisionProps<number | null>) {
  return (
    <DecisionModal<number | null>
      {...handlers}
      title={texts.dialogs.enterDisbursedAmount}
      okText="Approve"
      summary={applicationFacts(application, 'Applied for')}
      label="Disbursed Amount"
      initialValue={application.amount}
    >
      {({ id, value, setValue }) => (
        <InputNumber
          id={id}
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : null)}
          {...KSH_INPUT}
          style={{ width: '100%' }}
          autoFocus
        />
      )}
    </DecisionModal>
  );
}

/** 'Reason': a reason is not required (docs/product.md#form-checks); Reject rejects. */
export function RejectModal({ application, ...handlers }: DecisionProps<string>) {
  return (
    <DecisionModal
      {...handlers}
      title={texts.dialogs.reason}
      okText="Reject"
      danger
      summary={applicationFacts(application, 'Amount')}
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
