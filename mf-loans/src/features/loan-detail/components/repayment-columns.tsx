import type { LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { REPAYMENT_STATUS_COLOURS, REPAYMENT_STATUS_LABELS } from '@lender/shared/domain/statuses';
import { Tag, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { dateColumn, fieldColumn } from '@lender/shared/ui/field-column';
import { moneyColumn } from '@lender/shared/ui/money.tsx';

/**
 * A repayment's state on the loan page: recorded by staff and awaiting an admin's approval (not
 * counted in Paid yet), approved, rejected by an admin (never counted), or paid through the paybill
 * (M-Pesa confirmed it; counted at once).
 */
export function repaymentState(repayment: Pick<LoanRepaymentRow, 'status' | 'source'>): {
  label: string;
  colour: string;
} {
  if (repayment.source === 'mpesa') return { label: 'From paybill', colour: 'cyan' };
  return {
    label: REPAYMENT_STATUS_LABELS[repayment.status],
    colour: REPAYMENT_STATUS_COLOURS[repayment.status],
  };
}

/** Loan Repayments (docs/product.md#loan-detail): Date, Amount, Method, Transaction Code and the state. */
export const REPAYMENT_COLUMNS: TableColumnsType<LoanRepaymentRow> = [
  dateColumn<LoanRepaymentRow>('Date', 'payment_date'),
  moneyColumn<LoanRepaymentRow>('Amount', 'amount_paid'),
  fieldColumn<LoanRepaymentRow>('Method', 'method'),
  fieldColumn<LoanRepaymentRow>('Transaction Code', 'transaction_code'),
  {
    title: 'Status',
    key: 'status',
    render: (_, repayment) => {
      const { label, colour } = repaymentState(repayment);
      return (
        <>
          <Tag color={colour} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
            {label}
          </Tag>
          {repayment.rejection_reason ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {repayment.rejection_reason}
            </Typography.Text>
          ) : null}
        </>
      );
    },
  },
];
