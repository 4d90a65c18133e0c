import { nairobiDay } from '@lender/shared/domain/date-time';
import { dateColumn as dateColumnOf, datePart, fieldColumn } from '@lender/shared/ui/field-column';
import { serverSortedColumns } from '@lender/shared/ui/server-sorted-columns';
import type { ColumnChoice } from '@lender/shared/ui/column-chooser.tsx';
import type { LoanRow } from '@lender/shared/contract/loans';
import { loanList, type LoanColumn, type LoanListName } from '@lender/shared/contract/loan-lists';
import { texts } from '@lender/shared/texts';
import { Flex, Tag, Tooltip, Typography, theme, type TableColumnsType } from '@lender/shared/ui/antd';
import { WarningOutlined } from '@lender/shared/ui/icons';
import { Money, moneyColumn } from '@lender/shared/ui/money.tsx';
import { DeviceLockStateBadge, DeviceStatusBadge, LoanStatusBadge } from '@lender/shared/ui/status-badge.tsx';
import { OfficerName } from './officer-name';
import { PromiseSummary } from './promise-tag';

/** A whole number of days, or 'N/A' when there is none. */
export function daysText(value: number | null | undefined): string {
  return value === null || value === undefined ? texts.common.notAvailable : String(value);
}

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);

/**
 * Days remaining to the due date said as a person says it: '4 days', 'Due today', and for a due
 * date that has passed '53 days overdue' (never a negative number); 'N/A' when there is none.
 */
export function daysRemainingText(value: number | null | undefined): string {
  if (value === null || value === undefined) return texts.common.notAvailable;
  if (value === 0) return 'Due today';
  return value > 0 ? days(value) : `${days(-value)} overdue`;
}

/**
 * The customer, with what an officer needs to reach them and to tell them what to type at the
 * paybill: the name, the account number under it and the phone as a call link.
 */
export function CustomerCell({ loan }: { loan: LoanRow }) {
  return (
    <Flex vertical>
      <span>{loan.customer_name}</span>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        A/C {loan.account_number}
      </Typography.Text>
      {loan.phone ? (
        <a href={`tel:${loan.phone}`} style={{ whiteSpace: 'nowrap' }}>
          {loan.phone}
        </a>
      ) : null}
    </Flex>
  );
}

/** The provider reported the phone in a state nobody asked for: a warning sign, named by the alert. */
function DeviceAlertIcon({ alert }: { alert: string }) {
  const { token } = theme.useToken();
  const name = `Device alert: ${alert}`;
  return (
    <Tooltip title={name}>
      <WarningOutlined role="img" aria-label={name} style={{ color: token.colorWarning }} />
    </Tooltip>
  );
}

/**
 * The device as the lender decided (device_status) and, beside it once the provider has been asked,
 * as the provider has it (issue 35: "lock requested", "locked", …), with the alert's sign.
 */
export function DeviceCell({
  loan,
}: {
  loan: Pick<LoanRow, 'device_status' | 'device_lock_state' | 'device_alert'>;
}) {
  return (
    // Wraps rather than widening the column: the lists fit 1280 px.
    <Flex gap={4} wrap align="center">
      <DeviceStatusBadge status={loan.device_status} />
      <DeviceLockStateBadge state={loan.device_lock_state} />
      {loan.device_alert ? <DeviceAlertIcon alert={loan.device_alert} /> : null}
    </Flex>
  );
}

type LoanTableColumn = TableColumnsType<LoanRow>[number];

const textColumn = (title: string, field: keyof LoanRow & string) => fieldColumn<LoanRow>(title, field);
const dateColumn = (title: string, field: keyof LoanRow & string) => dateColumnOf<LoanRow>(title, field);
const daysColumn = (title: string, field: keyof LoanRow & string): LoanTableColumn => ({
  ...textColumn(title, field),
  align: 'right',
  render: (days: number | null) => daysText(days),
});

/**
 * How a loan table shows each column of shared/src/contract/loan-lists.ts (every field of the row,
 * and the latest promise): a list names its columns there and loanColumns builds its table from
 * these, sortable where the list takes the sort. Keyed by the field, which is the sort's name.
 */
export const LOAN_COLUMNS: Record<LoanColumn, LoanTableColumn> = {
  id: textColumn('Loan ID', 'id'),
  customer_id: textColumn('Customer ID', 'customer_id'),
  account_number: textColumn('Account No.', 'account_number'),
  officer_id: {
    title: 'Officer',
    dataIndex: 'officer_id',
    key: 'officer_id',
    render: (id: number) => <OfficerName id={id} />,
  },
  customer_name: textColumn('Customer Name', 'customer_name'),
  // Keyed as the name: sorted by it, and the name stays first (pinned left; a phone card's heading).
  customer: {
    title: 'Customer',
    dataIndex: 'customer_name',
    key: 'customer_name',
    render: (_: string, loan: LoanRow) => <CustomerCell loan={loan} />,
  },
  amount_due: moneyColumn<LoanRow>('Amount Due', 'amount_due'),
  balance_paid: {
    ...moneyColumn<LoanRow>('Balance / Paid', 'remaining_balance'),
    render: (_: number, loan: LoanRow) => (
      <Flex vertical align="end">
        <Money amount={loan.remaining_balance} />
        <Typography.Text type="secondary">
          <span style={VISUALLY_HIDDEN}>Paid </span>
          <Money amount={loan.paid_amount} />
        </Typography.Text>
      </Flex>
    ),
  },
  overdue_default: {
    ...textColumn('Days Overdue / Default Date', 'days_overdue'),
    align: 'right',
    render: (overdue: number, loan: LoanRow) => (
      <Flex vertical align="end">
        <span>{overdue}</span>
        <Typography.Text type="secondary">
          <span style={VISUALLY_HIDDEN}>Defaulted on </span>
          {datePart(loan.default_date)}
        </Typography.Text>
      </Flex>
    ),
  },
  status_device: {
    ...textColumn('Status / Device', 'status'),
    render: (status: string, loan: LoanRow) => (
      <Flex vertical gap={4} align="start">
        <LoanStatusBadge status={status} />
        <DeviceCell loan={loan} />
      </Flex>
    ),
  },
  total_amount: moneyColumn<LoanRow>('Loan Amount', 'total_amount'),
  arrears: moneyColumn<LoanRow>('Arrears', 'arrears'),
  // Left out below 992 px (and from the phone's cards): Balance and Due Date say as much.
  paid_amount: { ...moneyColumn<LoanRow>('Paid', 'paid_amount'), responsive: ['lg'] },
  remaining_balance: moneyColumn<LoanRow>('Balance', 'remaining_balance'),
  status: {
    ...textColumn('Status', 'status'),
    render: (status: string) => <LoanStatusBadge status={status} />,
  },
  due_date: dateColumn('Due Date', 'due_date'),
  // Left out below 992 px (and from the phone's cards): Balance and Due Date say as much.
  days_remaining: {
    ...textColumn('Days Remaining', 'days_remaining'),
    align: 'right',
    responsive: ['lg'],
    render: (value: number | null) => daysRemainingText(value),
  },
  device_status: {
    ...textColumn('Device Status', 'device_status'),
    render: (_: string | null, loan: LoanRow) => <DeviceCell loan={loan} />,
  },
  // The provider's side alone (no list shows it apart: Device Status holds it beside the status).
  device_lock_state: {
    ...textColumn('Device Lock', 'device_lock_state'),
    render: (state: LoanRow['device_lock_state']) => <DeviceLockStateBadge state={state} />,
  },
  device_alert: {
    ...textColumn('Device Alert', 'device_alert'),
    render: (alert: string | null) => alert ?? texts.common.notAvailable,
  },
  principal: moneyColumn<LoanRow>('Principal', 'principal'),
  total_interest: moneyColumn<LoanRow>('Interest', 'total_interest'),
  loan_product: textColumn('Product', 'loan_product'),
  purpose: textColumn('Purpose', 'purpose'),
  national_id: textColumn('National ID', 'national_id'),
  phone: textColumn('Phone', 'phone'),
  default_date: dateColumn('Default Date', 'default_date'),
  days_overdue: daysColumn('Days Overdue', 'days_overdue'),
  disbursement_date: dateColumn('Disbursed', 'disbursement_date'),
  repayment_pending: {
    ...textColumn('Repayment Pending', 'repayment_pending'),
    render: (pending: boolean) => (pending ? 'Yes' : 'No'),
  },
  // Paid Through is left out below 768 px (and from the phone's cards): the lock date is the one to act on.
  paid_through_date: { ...dateColumn('Paid Through', 'paid_through_date'), responsive: ['md'] },
  lock_date: {
    ...textColumn('Lock Date', 'lock_date'),
    render: (date: string | null) => <LockDate date={date} />,
  },
  promise_date: dateColumn('Promise Date', 'promise_date'),
  promise_amount: moneyColumn<LoanRow>('Promise Amount', 'promise_amount'),
  promise_status: textColumn('Promise Status', 'promise_status'),
  // The latest promise to pay (issue 14, collections): date, amount and whether it was kept.
  promise: {
    title: 'Promise',
    key: 'promise',
    render: (_, loan) =>
      loan.promise_date && loan.promise_status ? (
        <PromiseSummary
          date={datePart(loan.promise_date)}
          amount={loan.promise_amount}
          status={loan.promise_status}
        />
      ) : (
        texts.common.notAvailable
      ),
  },
  model: textColumn('Phone Model', 'model'),
  imei_number: textColumn('IMEI', 'imei_number'),
  repossessed_on: dateColumn('Repossessed On', 'repossessed_on'),
  repossessed_balance: moneyColumn<LoanRow>('Balance at Repossession', 'repossessed_balance'),
};

/** A list's table columns (loan-lists.ts), each sortable on the server where the list takes its sort. */
export function loanColumns(
  list: LoanListName,
  columns: readonly LoanColumn[] = loanList(list).columns ?? [],
) {
  return serverSortedColumns(
    columns.map((column) => LOAN_COLUMNS[column]),
    loanList(list).sorts,
  );
}

/**
 * What a list's column chooser offers (shared/src/ui/column-chooser.tsx): every column of the list
 * but its essential ones (by default all but the first), each labelled with its title, those the
 * list hides at first unchecked.
 */
export function loanColumnChoice(list: LoanListName): ColumnChoice {
  const { columns = [], essential, hidden = [] } = loanList(list);
  const always = essential ?? columns.slice(0, 1);
  return {
    list,
    columns: columns
      .filter((column) => !always.includes(column))
      .map((column) => ({
        key: String(LOAN_COLUMNS[column].key),
        label: String(LOAN_COLUMNS[column].title),
        hiddenByDefault: hidden.includes(column),
      })),
  };
}

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
