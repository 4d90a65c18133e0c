import type { LoanRow } from '@lender/shared/contract/loans';
import { loanPaymentRequestSchema } from '@lender/shared/contract/repayments';
import { texts } from '@lender/shared/texts';
import { App, Form, Input, InputNumber, Typography } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { schemaRule } from '@lender/shared/ui/form-rules';
import { KSH_INPUT, Money } from '@lender/shared/ui/money.tsx';
import { LOAN_TOAST } from './loan-toast';
import { useRecordRepaymentMutation } from '../api/loan-actions-api';
import { useFormDraft } from '@lender/shared/ui/use-form-draft.tsx';

interface RepaymentValues {
  amount?: number | null;
  mpesaCode?: string;
}

/** What the modal needs of the loan being repaid: a list's row and the loan page's detail both have it. */
export type RepayableLoan = Pick<LoanRow, 'id' | 'customer_name' | 'remaining_balance'>;

interface RepaymentModalProps {
  /** The loan being repaid; null while closed. */
  loan: RepayableLoan | null;
  onClose: () => void;
}

/**
 * The 'Repayment' modal of docs/product.md#active-loans: Amount and Mpesa Code, Close / Save Changes. Both are
 * checked as the contract's schema does, before sending (docs/product.md#form-checks); the server's reason (amount
 * above the balance, a used code…) is shown under the field it names.
 */
export function RepaymentModal({ loan, onClose }: RepaymentModalProps) {
  const [form] = Form.useForm<RepaymentValues>();
  useFormDraft(form, `repayment-${loan?.id}`, { enabled: loan !== null });
  const [recordRepayment, { isLoading, error, reset }] = useRecordRepaymentMutation();
  const { notification } = App.useApp();

  const close = () => {
    form.resetFields();
    reset();
    onClose();
  };

  const save = async (values: RepaymentValues) => {
    if (!loan) return;
    const result = await recordRepayment({
      loanId: loan.id,
      amount: values.amount as number,
      mpesaCode: (values.mpesaCode ?? '').trim(),
      method: 'mpesa',
    });
    if ('error' in result) return;
    notification.success({ ...LOAN_TOAST, title: result.data.message || texts.success.repaymentSaved });
    close();
  };

  return (
    <FormModal<RepaymentValues>
      open={loan !== null}
      title={texts.dialogs.repayment}
      onClose={close}
      // The footer's Close is the one close button (no second "Close" for screen readers); Escape closes too.
      closable={false}
      form={form}
      name="repayment"
      onFinish={save}
      submitText="Save Changes"
      saving={isLoading}
      intro={
        loan ? (
          <Typography.Paragraph type="secondary">
            {loan.customer_name}: balance <Money amount={loan.remaining_balance} />
          </Typography.Paragraph>
        ) : null
      }
      error={error}
    >
      <Form.Item label="Amount" name="amount" rules={[schemaRule(loanPaymentRequestSchema.shape.amount)]}>
        <InputNumber<number> min={0} step={1} {...KSH_INPUT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="Mpesa Code"
        name="mpesaCode"
        rules={[schemaRule(loanPaymentRequestSchema.shape.mpesaCode)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
