import { MESSAGE_MAX_LENGTH } from '@lender/shared/contract/messages';
import { MESSAGE_KIND_INFO, MESSAGE_KINDS, type MessageKind } from '@lender/shared/domain/message-templates';
import { smsLength } from '@lender/shared/domain/sms-parts';
import { Form, Input, Select } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { requiredText } from '@lender/shared/ui/form-rules';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useSendLoanMessageMutation } from '../api/loan-detail-api';

interface MessageValues {
  kind?: MessageKind;
  text?: string;
}

/** The templates an officer may send again by hand (a one-off message is the officer's own text). */
const TEMPLATE_OPTIONS = MESSAGE_KINDS.filter((kind) => kind !== 'one_off').map((kind) => ({
  value: kind,
  label: MESSAGE_KIND_INFO[kind].label,
}));

interface SendMessageModalProps {
  loanId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * Send message (issue 35): a template's text filled in for this loan, or the officer's own text
 * with what it costs in SMS parts. POST /api/loans/{id}/messages {kind} or {text}; the server's
 * answer ('Message queued') is toasted and the Messages table refetches.
 */
export function SendMessageModal({ loanId, open, onClose }: SendMessageModalProps) {
  const [form] = Form.useForm<MessageValues>();
  const kind = Form.useWatch('kind', form);
  const text = Form.useWatch('text', form) ?? '';
  const [sendMessage, { isLoading }] = useSendLoanMessageMutation();
  const toastResult = useResultToast();
  const { characters, parts } = smsLength(text);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const send = async (values: MessageValues) => {
    const result = await sendMessage(
      values.kind ? { loanId, kind: values.kind } : { loanId, text: (values.text ?? '').trim() },
    );
    showServerFieldErrors(form, result.error);
    if (toastResult(result)) close();
  };

  return (
    <FormModal<MessageValues>
      open={open}
      title="Send message"
      onClose={close}
      closeText="Cancel"
      form={form}
      name="send-message"
      onFinish={send}
      submitText="Send"
      saving={isLoading}
    >
      <Form.Item label="Template" name="kind">
        <Select<MessageKind> allowClear options={TEMPLATE_OPTIONS} />
      </Form.Item>
      {kind ? null : (
        <Form.Item
          label="Message"
          name="text"
          extra={`${characters} characters · ${parts} SMS ${parts === 1 ? 'part' : 'parts'}`}
          rules={[
            requiredText('Choose a template or write the text'),
            { max: MESSAGE_MAX_LENGTH, message: `Text must be at most ${MESSAGE_MAX_LENGTH} characters` },
          ]}
        >
          <Input.TextArea rows={4} maxLength={MESSAGE_MAX_LENGTH} />
        </Form.Item>
      )}
    </FormModal>
  );
}
