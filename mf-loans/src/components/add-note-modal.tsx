import {
  NOTE_TYPE_LABELS,
  NOTE_TYPES,
  PROMISE_MAX_DAYS_AHEAD,
  type NoteType,
} from '@lender/shared/contract/notes';
import { texts } from '@lender/shared/texts';
import { DatePicker, Form, Input, InputNumber, Select, dayjs, type Dayjs } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { requiredText } from '@lender/shared/ui/form-rules';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { nairobiToday } from './loan-columns';
import { useAddLoanNoteMutation } from '../api/loan-actions-api';
import { useFormDraft } from '@lender/shared/ui/use-form-draft.tsx';
import { KSH_INPUT } from '@lender/shared/ui/money.tsx';

interface NoteValues {
  type?: NoteType;
  note_date?: Dayjs | null;
  note?: string;
  promise_date?: Dayjs | null;
  promise_amount?: number | null;
}

interface AddNoteModalProps {
  loanId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Add Note' (docs/product.md#loan-detail): Type (call, visit, promise to pay, other), Note Date (today in Nairobi
 * to start) and Note, required
 * (docs/product.md#form-checks); a promise to pay also takes its date (today in Nairobi up to PROMISE_MAX_DAYS_AHEAD days
 * ahead, as the server checks) and amount. POST {type, note, note_date[, promise_date, promise_amount]}.
 */
export function AddNoteModal({ loanId, open, onClose }: AddNoteModalProps) {
  const [form] = Form.useForm<NoteValues>();
  useFormDraft(form, `note-${loanId}`, { enabled: open });
  const type = Form.useWatch('type', form);
  const [addNote, { isLoading }] = useAddLoanNoteMutation();
  const toastResult = useResultToast();
  const today = nairobiToday();
  const lastDay = dayjs(today).add(PROMISE_MAX_DAYS_AHEAD, 'day').format('YYYY-MM-DD');

  const close = () => {
    form.resetFields();
    onClose();
  };

  const save = async (values: NoteValues) => {
    const promise = values.type === 'promise';
    const result = await addNote({
      loanId,
      type: values.type ?? 'other',
      note: (values.note ?? '').trim(),
      note_date: (values.note_date as Dayjs).format('YYYY-MM-DD'),
      ...(promise
        ? {
            promise_date: (values.promise_date as Dayjs).format('YYYY-MM-DD'),
            promise_amount: values.promise_amount ?? 0,
          }
        : {}),
    });
    // A refusal naming a field (the promise's date or amount, the date) shows under it too.
    showServerFieldErrors(form, result.error);
    if (toastResult(result, { failure: texts.errors.noteFailed, success: texts.success.noteAdded })) close();
  };

  return (
    <FormModal<NoteValues>
      open={open}
      title="Add Note"
      onClose={close}
      closable={false}
      form={form}
      name="add-note"
      onFinish={save}
      // The note's date is today's in Nairobi unless the officer picks another.
      initialValues={{ type: 'other', note_date: dayjs(today) }}
      submitText="Save Note"
      saving={isLoading}
    >
      <Form.Item label="Type" name="type" rules={[{ required: true, message: 'Please choose the type' }]}>
        <Select<NoteType> options={NOTE_TYPES.map((value) => ({ value, label: NOTE_TYPE_LABELS[value] }))} />
      </Form.Item>
      <Form.Item
        label="Note Date"
        name="note_date"
        rules={[{ required: true, message: 'Please choose the note date' }]}
      >
        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
      </Form.Item>
      {type === 'promise' && (
        <>
          <Form.Item
            label="Promise Date"
            name="promise_date"
            extra={`Today or up to ${PROMISE_MAX_DAYS_AHEAD} days ahead`}
            rules={[{ required: true, message: 'Please choose the date the customer promised to pay by' }]}
          >
            <DatePicker
              format="YYYY-MM-DD"
              style={{ width: '100%' }}
              disabledDate={(day) => {
                const date = day.format('YYYY-MM-DD');
                return date < today || date > lastDay;
              }}
            />
          </Form.Item>
          <Form.Item
            label="Promise Amount"
            name="promise_amount"
            rules={[
              { required: true, message: 'Please enter the amount promised' },
              {
                validator: (_, value: number | null | undefined) =>
                  value === null || value === undefined || value > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error('The amount must be greater than 0')),
              },
            ]}
          >
            <InputNumber<number> min={0} precision={2} {...KSH_INPUT} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
      <Form.Item label="Note" name="note" rules={[requiredText('Please write the note')]}>
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
