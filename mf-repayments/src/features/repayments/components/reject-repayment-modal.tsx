import {
  REJECTION_REASON_MAX,
  rejectionReasonField,
  type Repayment,
} from '@lender/shared/contract/repayments';
import { texts } from '@lender/shared/texts';
import { Form, Input } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { formatRule, requiredField } from '@lender/shared/ui/form-rules';
import { paymentFacts } from '@lender/shared/ui/payment-facts';
import { ConfirmFacts } from '@lender/shared/ui/use-confirm.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useRejectRepaymentMutation } from '../api/repayments-lists-api';

interface RejectRepaymentModalProps {
  /** The repayment to reject; the modal is open while there is one. */
  repayment: Repayment | null;
  onClose: () => void;
}

type RejectValues = { reason?: string };

/**
 * 'Reject repayment': names whose payment, how much and its M-Pesa code, and asks why; its Reject
 * is the decision (issue 34: nothing asks a second time). A refusal naming the reason shows under
 * the field, any other under the form.
 */
export function RejectRepaymentModal({ repayment, onClose }: RejectRepaymentModalProps) {
  const [form] = Form.useForm<RejectValues>();
  const toastResult = useResultToast();
  const [reject, { isLoading, error, reset }] = useRejectRepaymentMutation();

  const close = () => {
    form.resetFields();
    reset();
    onClose();
  };

  const save = async ({ reason }: RejectValues) => {
    if (!repayment) return;
    const result = await reject({ id: repayment.id, body: { reason: (reason ?? '').trim() } });
    if (toastResult(result, { success: texts.success.repaymentRejected, refusalInDialog: true })) close();
  };

  return (
    <FormModal<RejectValues>
      open={repayment !== null}
      title="Reject repayment"
      onClose={close}
      form={form}
      name="reject-repayment"
      onFinish={save}
      submitText="Reject"
      closeText="Cancel"
      danger
      saving={isLoading}
      error={error}
      intro={
        repayment ? (
          <ConfirmFacts
            question="It will not count as paid, and its M-Pesa code may be recorded again."
            facts={paymentFacts({
              customer: repayment.customer_name,
              amount: repayment.amount,
              mpesaCode: repayment.mpesa_code,
            })}
          />
        ) : null
      }
    >
      <Form.Item
        label="Reason"
        name="reason"
        rules={[requiredField('Reason'), formatRule(rejectionReasonField)]}
      >
        <Input.TextArea rows={3} maxLength={REJECTION_REASON_MAX} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
