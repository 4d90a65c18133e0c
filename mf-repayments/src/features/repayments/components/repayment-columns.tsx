import { nairobiDay } from '@lender/shared/domain/date-time';
import type { Repayment } from '@lender/shared/contract/repayments';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';

/** The Nairobi day of a date or timestamp (not its UTC day), or 'N/A' when there is none. */
export function datePart(value: string | null | undefined): string {
  return nairobiDay(value) ?? texts.common.notAvailable;
}

type Column = TableColumnsType<Repayment>[number];

export const customerColumn: Column = {
  title: 'Customer Name',
  dataIndex: 'customer_name',
  key: 'customer_name',
};
export const amountColumn: Column = {
  title: 'Amount',
  dataIndex: 'amount',
  key: 'amount',
  align: 'right',
  render: (amount: number) => <Money amount={amount} />,
};
export const mpesaColumn: Column = { title: 'Mpesa Reference', dataIndex: 'mpesa_code', key: 'mpesa_code' };
export const loanStatusColumn: Column = {
  title: 'Loan Status',
  dataIndex: 'loan_status',
  key: 'loan_status',
  render: (status: string) => <LoanStatusBadge status={status} />,
};
export const dateColumn = (title: string, key: 'paid_date' | 'due_date' | 'created_at'): Column => ({
  title,
  dataIndex: key,
  key,
  render: (value: string | null) => datePart(value),
});
