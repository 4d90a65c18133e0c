import type { Repayment } from '@lender/shared/contract/repayments';
import {
  repaymentList,
  type RepaymentColumn,
  type RepaymentListName,
} from '@lender/shared/contract/repayment-lists';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { dateColumn as dateColumnOf, fieldColumn } from '@lender/shared/ui/field-column';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { serverSortedColumns } from '@lender/shared/ui/server-sorted-columns';
import { Typography } from '@lender/shared/ui/antd';
import { LoanStatusBadge, RepaymentStatusBadge } from '@lender/shared/ui/status-badge.tsx';

type Column = TableColumnsType<Repayment>[number];

const textColumn = (title: string, field: keyof Repayment & string) => fieldColumn<Repayment>(title, field);
/** A date column keyed by `key`: the server's sort name where it has one (recorded for created_at). */
const dateColumn = (title: string, field: keyof Repayment & string, key?: string) =>
  dateColumnOf<Repayment>(title, field, key);

/**
 * How a repayment table shows each column of shared/src/contract/repayment-lists.ts (every field
 * of the row, and `paid`): a list names its columns there and repaymentColumns builds its table
 * from these, sortable where the list takes the sort. Keyed by the server's sort name where the
 * column has one.
 */
export const REPAYMENT_COLUMNS: Record<RepaymentColumn, Column> = {
  id: textColumn('Repayment ID', 'id'),
  loan_id: textColumn('Loan ID', 'loan_id'),
  customer_id: textColumn('Customer ID', 'customer_id'),
  customer_name: textColumn('Customer Name', 'customer_name'),
  amount: moneyColumn<Repayment>('Amount', 'amount'),
  mpesa_code: textColumn('Mpesa Reference', 'mpesa_code'),
  paid_date: dateColumn('Payment Date', 'paid_date'),
  // The pending list's heading for the payment date.
  paid: dateColumn('Paid Date', 'paid_date'),
  due_date: dateColumn('Due Date', 'due_date'),
  created_at: dateColumn('Created At', 'created_at', 'recorded'),
  created_by: textColumn('Recorded By ID', 'created_by'),
  created_by_name: textColumn('Recorded By', 'created_by_name'),
  source: textColumn('Source', 'source'),
  loan_status: {
    ...textColumn('Loan Status', 'loan_status'),
    render: (status: string) => <LoanStatusBadge status={status} />,
  },
  // The status's label; a rejected one's reason under it.
  status: {
    ...textColumn('Status', 'status'),
    render: (status: string, repayment) => (
      <>
        <RepaymentStatusBadge status={status} />
        {repayment.rejection_reason ? (
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {repayment.rejection_reason}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  approved_at: dateColumn('Approved', 'approved_at'),
  rejected_at: dateColumn('Rejected', 'rejected_at'),
  rejection_reason: textColumn('Rejection Reason', 'rejection_reason'),
};

/** A list's table columns (repayment-lists.ts), each sortable on the server where the list takes its sort. */
export function repaymentColumns(list: RepaymentListName): TableColumnsType<Repayment> {
  const { columns, sorts } = repaymentList(list);
  return serverSortedColumns(
    columns.map((name) => REPAYMENT_COLUMNS[name]),
    sorts,
  );
}
