import { formatDay } from '@lender/shared/domain/date-time';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';

const money = (amount: number) => <Money amount={amount} />;

/**
 * The loan columns of the report pages (loan report, monthly disbursement): customer, principal,
 * total, paid, balance, status badge and disbursement date; all but the customer sort on the
 * server (their keys are the contract's REPORT_LOAN_SORTS).
 */
export const REPORT_LOAN_COLUMNS: TableColumnsType<LoanRow> = [
  { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name' },
  {
    title: 'Principal',
    dataIndex: 'principal',
    key: 'principal',
    align: 'right',
    render: money,
    sorter: true,
  },
  {
    title: 'Total Amount',
    dataIndex: 'total_amount',
    key: 'total_amount',
    align: 'right',
    render: money,
    sorter: true,
  },
  {
    title: 'Paid',
    dataIndex: 'paid_amount',
    key: 'paid_amount',
    align: 'right',
    render: money,
    sorter: true,
  },
  {
    title: 'Balance',
    dataIndex: 'remaining_balance',
    key: 'remaining_balance',
    align: 'right',
    render: money,
    sorter: true,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <LoanStatusBadge status={status} />,
    sorter: true,
  },
  {
    title: 'Disbursement Date',
    dataIndex: 'disbursement_date',
    key: 'disbursement_date',
    render: (date: string | null) => formatDay(date),
    sorter: true,
  },
];
