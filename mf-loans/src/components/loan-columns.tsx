import { nairobiDay } from '@lender/shared/domain/date-time';
import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import { Tag, type TableColumnsType } from '@lender/shared/ui/antd';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
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
 * The columns every loan list shows (docs/product.md#active-loans and #other-loan-lists): customer, amounts, status,
 * due date, days remaining and the device status. Lists add their own columns and actions.
 */
export const LOAN_ROW_COLUMNS: TableColumnsType<LoanRow> = [
  // sorter: true sorts on the server (PagedTable; the key is the sort's name, LOAN_SORTS).
  { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name', sorter: true },
  moneyColumn<LoanRow>('Loan Amount', 'total_amount', { sorter: true }),
  moneyColumn<LoanRow>('Arrears', 'arrears'),
  // Left out below 992 px (and from the phone's cards): Balance and Due Date say as much.
  { ...moneyColumn<LoanRow>('Paid', 'paid_amount'), responsive: ['lg'] },
  moneyColumn<LoanRow>('Balance', 'remaining_balance', { sorter: true }),
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    sorter: true,
    render: (status: string) => <LoanStatusBadge status={status} />,
  },
  {
    title: 'Due Date',
    dataIndex: 'due_date',
    key: 'due_date',
    sorter: true,
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

/** Read by screen readers only: the context a colour alone would give. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Today's business day in Nairobi (the lender's day, not the browser's). */
export const nairobiToday = (now = new Date()): string => nairobiDay(now.toISOString()) ?? '';

/**
 * The lock date (the first day the phone may be locked if nothing more is paid) with what it
 * means today: a red 'overdue' tag (the colours of the status badges) once it has passed (the phone is in the lock queue), an orange
 * 'today' tag on the day itself; 'N/A' when there is none (paid, repossessed, not disbursed).
 */
export function LockDate({ date, today = nairobiToday() }: { date: string | null; today?: string }) {
  if (!date) return <>{texts.common.notAvailable}</>;
  const day = datePart(date);
  if (date > today) return <>{day}</>;
  const passed = date < today;
  return (
    <span>
      {day}{' '}
      <Tag color={passed ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
        {passed ? 'overdue' : 'today'}
        <span style={VISUALLY_HIDDEN}>
          {passed
            ? ': the lock date has passed, the phone may be locked'
            : ': the phone may be locked from today'}
        </span>
      </Tag>
    </span>
  );
}

/**
 * Paid Through (the due date of the last installment the payments fully cover) and Lock Date, for
 * the due and defaulted lists. Paid Through is left out below 768 px (and from the phone's
 * cards): the lock date is the one to act on.
 */
export const PAYMENT_DATE_COLUMNS: TableColumnsType<LoanRow> = [
  {
    title: 'Paid Through',
    dataIndex: 'paid_through_date',
    key: 'paid_through_date',
    responsive: ['md'],
    render: (date: string | null) => datePart(date),
  },
  {
    title: 'Lock Date',
    dataIndex: 'lock_date',
    key: 'lock_date',
    render: (date: string | null) => <LockDate date={date} />,
  },
];
