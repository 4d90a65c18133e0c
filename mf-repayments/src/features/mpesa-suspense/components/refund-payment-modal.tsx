import type { SuspensePayment } from '@lender/shared/contract/suspense';
import { formatKsh } from '@lender/shared/domain/money';
import { Form, Input, Typography } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { requiredText } from '@lender/shared/ui/form-rules';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useRefundSuspensePaymentMutation } from '../api/mpesa-suspense-api';

interface RefundPaymentModalProps {
  /** The payment to mark refunded; the modal is open while there is one. */
  payment: SuspensePayment | null;
  onClose: () => void;
}

/** Refund (issue 13): records that what waits was sent back, with a required note. */
export function RefundPaymentModal({ payment, onClose }: RefundPaymentModalProps) {
  const [form] = Form.useForm<{ note?: string }>();
  const toastResult = useResultToast();
  const [refund, { isLoading }] = useRefundSuspensePaymentMutation();

  const close = () => {
    form.resetFields();
    onClose();
  };

  const save = async ({ note }: { note?: string }) => {
    if (!payment) return;
    if (toastResult(await refund({ id: payment.id, body: { note: (note ?? '').trim() } }))) close();
  };

  return (
    <FormModal<{ note?: string }>
      open={payment !== null}
      title="Refund Payment"
      onClose={close}
      form={form}
      name="refund-payment"
      onFinish={save}
      submitText="Refund"
      closeText="Cancel"
      danger
      saving={isLoading}
      intro={
        payment ? (
          <Typography.Paragraph>
            Mark {formatKsh(payment.unapplied)} of {payment.trans_id} from {payment.payer_name} as sent back.
          </Typography.Paragraph>
        ) : null
      }
    >
      <Form.Item label="Note" name="note" rules={[requiredText('Please write how the money was sent back')]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
