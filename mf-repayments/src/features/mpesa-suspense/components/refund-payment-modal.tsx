import { serverMessage } from '@lender/shared/client/api-error';
import type { SuspensePayment } from '@lender/shared/contract/suspense';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import { App, Form, Input, Typography } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { requiredText } from '@lender/shared/ui/form-rules';
import { TOAST } from '../../../components/toast';
import { useRefundSuspensePaymentMutation } from '../api/mpesa-suspense-api';

interface RefundPaymentModalProps {
  /** The payment to mark refunded; the modal is open while there is one. */
  payment: SuspensePayment | null;
  onClose: () => void;
}

/** Refund (issue 13): records that what waits was sent back, with a required note. */
export function RefundPaymentModal({ payment, onClose }: RefundPaymentModalProps) {
  const [form] = Form.useForm<{ note?: string }>();
  const { notification } = App.useApp();
  const [refund, { isLoading }] = useRefundSuspensePaymentMutation();

  const close = () => {
    form.resetFields();
    onClose();
  };

  const save = async ({ note }: { note?: string }) => {
    if (!payment) return;
    const result = await refund({ id: payment.id, body: { note: (note ?? '').trim() } });
    if (result.error) {
      notification.error({ ...TOAST, title: serverMessage(result.error, texts.errors.unexpectedTryAgain) });
      return;
    }
    notification.success({ ...TOAST, title: result.data.message });
    close();
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
