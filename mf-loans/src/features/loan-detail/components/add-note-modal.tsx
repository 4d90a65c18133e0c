import { serverMessage } from '@lender/shared/client/api-error';
import { texts } from '@lender/shared/texts';
import { App, Button, DatePicker, Form, Input, Modal, type Dayjs } from '@lender/shared/ui/antd';
import { LOAN_TOAST } from '../../../components/loan-toast';
import { useAddLoanNoteMutation } from '../api/loan-detail-api';

interface NoteValues {
  note_date?: Dayjs | null;
  note?: string;
}

interface AddNoteModalProps {
  loanId: number;
  open: boolean;
  onClose: () => void;
}

/** 'Add Note' (§2.14): Note Date and Note, both required (§5); POST {note, note_date}. */
export function AddNoteModal({ loanId, open, onClose }: AddNoteModalProps) {
  const [form] = Form.useForm<NoteValues>();
  const [addNote, { isLoading }] = useAddLoanNoteMutation();
  const { notification } = App.useApp();

  const close = () => {
    form.resetFields();
    onClose();
  };

  const save = async (values: NoteValues) => {
    const result = await addNote({
      loanId,
      note: (values.note ?? '').trim(),
      note_date: (values.note_date as Dayjs).format('YYYY-MM-DD'),
    });
    if ('error' in result) {
      notification.error({ ...LOAN_TOAST, title: serverMessage(result.error, texts.errors.noteFailed) });
      return;
    }
    notification.success({ ...LOAN_TOAST, title: texts.success.noteAdded });
    close();
  };

  return (
    <Modal
      open={open}
      title="Add Note"
      onCancel={close}
      closable={false}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        <Button key="save" type="primary" loading={isLoading} onClick={() => form.submit()}>
          Save Note
        </Button>,
      ]}
    >
      <Form<NoteValues> form={form} layout="vertical" onFinish={save} name="add-note">
        <Form.Item
          label="Note Date"
          name="note_date"
          rules={[{ required: true, message: 'Please choose the note date' }]}
        >
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Note"
          name="note"
          rules={[{ required: true, whitespace: true, message: 'Please write the note' }]}
        >
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
