import { nairobiDay } from '@lender/shared/domain/date-time';
import type { Repayment, RepaymentSort } from '@lender/shared/contract/repayments';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
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
// Sortable columns are keyed by the server's sort key (contract REPAYMENT_SORTS).
export const amountColumn: Column = moneyColumn<Repayment>('Amount', 'amount', { sorter: true });
export const mpesaColumn: Column = {
  title: 'Mpesa Reference',
  dataIndex: 'mpesa_code',
  key: 'mpesa_code',
  sorter: true,
};
export const loanStatusColumn: Column = {
  title: 'Loan Status',
  dataIndex: 'loan_status',
  key: 'loan_status',
  render: (status: string) => <LoanStatusBadge status={status} />,
};
/** The server's sort key of each sortable date column. */
const DATE_SORTS: Partial<Record<'paid_date' | 'due_date' | 'created_at', RepaymentSort>> = {
  paid_date: 'paid_date',
  created_at: 'recorded',
};

export const dateColumn = (title: string, field: 'paid_date' | 'due_date' | 'created_at'): Column => {
  const sortKey = DATE_SORTS[field];
  return {
    title,
    dataIndex: field,
    key: sortKey ?? field,
    ...(sortKey ? { sorter: true } : {}),
    render: (value: string | null) => datePart(value),
  };
};
