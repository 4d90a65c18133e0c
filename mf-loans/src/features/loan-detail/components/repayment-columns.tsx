import type { LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { Tag, type TableColumnsType } from '@lender/shared/ui/antd';
import { dateColumn, fieldColumn } from '@lender/shared/ui/field-column';
import { moneyColumn } from '@lender/shared/ui/money.tsx';

/**
 * A repayment's state on the loan page: recorded by staff and awaiting an admin's approval (not
 * counted in Paid yet), approved, or paid through the paybill (M-Pesa confirmed it; counted at once).
 */
export function repaymentState(repayment: Pick<LoanRepaymentRow, 'status' | 'source'>): {
  label: string;
  colour: string;
} {
  if (repayment.source === 'mpesa') return { label: 'From paybill', colour: 'cyan' };
  return repayment.status === 'pending'
    ? { label: 'Pending approval', colour: 'gold' }
    : { label: 'Approved', colour: 'green' };
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
        <Tag color={colour} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
          {label}
        </Tag>
      );
    },
  },
];
