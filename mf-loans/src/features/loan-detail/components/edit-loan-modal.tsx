import { LOAN_EDIT_TEXTS, type LoanDetail, type UpdateLoanRequest } from '@lender/shared/contract/loans';
import { Form, Input } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { requiredText } from '@lender/shared/ui/form-rules';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useUpdateLoanMutation } from '../api/loan-detail-api';

interface EditValues {
  model: string;
  imei: string;
  purpose: string;
}

interface EditLoanModalProps {
  loan: LoanDetail;
  /** A repayment is recorded (pending or approved): the IMEI is then fixed. */
  hasRepayments: boolean;
  open: boolean;
  onClose: () => void;
}

/**
 * Edit Loan (admins): the phone model, the purpose and, before any repayment, the IMEI. Sends only
 * what changed; the server checks the same rules and answers 409 with the reason otherwise.
 */
export function EditLoanModal({ loan, hasRepayments, open, onClose }: EditLoanModalProps) {
  const [form] = Form.useForm<EditValues>();
  const [updateLoan, { isLoading }] = useUpdateLoanMutation();
  const toastResult = useResultToast();

  const save = async (values: EditValues) => {
    const changes: UpdateLoanRequest = {
      ...(values.model.trim() !== loan.model ? { model: values.model.trim() } : {}),
      ...(!hasRepayments && values.imei.trim() !== loan.imei_number ? { imei: values.imei.trim() } : {}),
      ...(values.purpose.trim() && values.purpose.trim() !== loan.purpose
        ? { purpose: values.purpose.trim() }
        : {}),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    if (toastResult(await updateLoan({ loanId: loan.id, ...changes }))) onClose();
  };

  return (
    <FormModal<EditValues>
      open={open}
      title="Edit Loan"
      onClose={onClose}
      form={form}
      name="edit-loan"
      onFinish={save}
      preserve={false}
      initialValues={{ model: loan.model, imei: loan.imei_number, purpose: loan.purpose }}
      submitText="Save Changes"
      saving={isLoading}
    >
      <Form.Item label="Phone Model" name="model" rules={[requiredText('Please enter the phone model')]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        label="IMEI"
        name="imei"
        extra={hasRepayments ? LOAN_EDIT_TEXTS.imeiAfterPayment : undefined}
        rules={[requiredText('Please enter the IMEI')]}
      >
        <Input maxLength={40} disabled={hasRepayments} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        label="Purpose"
        name="purpose"
        // Older loans may have none; one that has a purpose keeps one.
        rules={loan.purpose ? [requiredText('Please enter the purpose')] : []}
      >
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
