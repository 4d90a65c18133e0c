import { nairobiDay } from '@lender/shared/domain/date-time';
import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { DeviceStatusBadge, LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';

/** The Nairobi day of a date or timestamp (not its UTC day), or 'N/A' when there is none. */
export function datePart(value: string | null | undefined): string {
  return nairobiDay(value) ?? texts.common.notAvailable;
}

/** A whole number of days, or 'N/A' when there is none. */
export function daysText(value: number | null | undefined): string {
  return value === null || value === undefined ? texts.common.notAvailable : String(value);
}

/** The loan's paybill account number (issue 13): what the customer types when paying by M-Pesa. */
export const ACCOUNT_NUMBER_COLUMN: TableColumnsType<LoanRow>[number] = {
  title: 'Account No.',
  dataIndex: 'account_number',
  key: 'account_number',
};

/**
 * The columns every loan list shows (specification §2.12 and §2.15): customer, amounts, status,
 * due date, days remaining and the device status. Lists add their own columns and actions.
 */
export const LOAN_ROW_COLUMNS: TableColumnsType<LoanRow> = [
  { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name' },
  {
    title: 'Loan Amount',
    dataIndex: 'total_amount',
    key: 'total_amount',
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  },
  {
    title: 'Arrears',
    dataIndex: 'arrears',
    key: 'arrears',
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  },
  {
    title: 'Paid',
    dataIndex: 'paid_amount',
    key: 'paid_amount',
    // Left out below 992 px (and from the phone's cards): Balance and Due Date say as much.
    responsive: ['lg'],
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  },
  {
    title: 'Balance',
    dataIndex: 'remaining_balance',
    key: 'remaining_balance',
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <LoanStatusBadge status={status} />,
  },
  {
    title: 'Due Date',
    dataIndex: 'due_date',
    key: 'due_date',
    render: (date: string | null) => datePart(date),
  },
  {
    title: 'Days Remaining',
    dataIndex: 'days_remaining',
    key: 'days_remaining',
    // Left out below 992 px (and from the phone's cards): Balance and Due Date say as much.
    responsive: ['lg'],
    align: 'right',
    render: (days: number | null) => daysText(days),
  },
  {
    title: 'Device Status',
    dataIndex: 'device_status',
    key: 'device_status',
    render: (status: string | null) => <DeviceStatusBadge status={status} />,
  },
];
