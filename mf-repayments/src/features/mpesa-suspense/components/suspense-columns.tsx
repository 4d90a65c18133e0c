import { Link } from '@lender/shared/client/router';
import { appRoutes } from '@lender/shared/contract/routes';
import { howApplied, SUSPENSE_REASON_TEXTS, type SuspensePayment } from '@lender/shared/contract/suspense';
import { SUSPENSE_LISTS } from '@lender/shared/contract/suspense-lists';
import { formatDateTime } from '@lender/shared/domain/date-time';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { serverSortedColumns } from '@lender/shared/ui/server-sorted-columns';

type Column = TableColumnsType<SuspensePayment>[number];

const COLUMNS: Column[] = [
  {
    title: 'Received',
    dataIndex: 'trans_time',
    // Sortable columns are keyed by the server's sort key (suspense-lists.ts sorts).
    key: 'received',
    // M-Pesa's time of the payment, as staff in Nairobi read it.
    render: (at: string) => formatDateTime(at),
  },
  { title: 'M-Pesa Code', dataIndex: 'trans_id', key: 'trans_id' },
  { title: 'Account Typed', dataIndex: 'account_typed', key: 'account_typed' },
  { title: 'Payer', dataIndex: 'payer_name', key: 'payer_name' },
  { title: 'Phone', dataIndex: 'msisdn', key: 'msisdn' },
  moneyColumn<SuspensePayment>('Amount', 'amount'),
  moneyColumn<SuspensePayment>('Waiting', 'unapplied'),
  {
    title: 'Reason',
    dataIndex: 'reason',
    key: 'reason',
    // A payment matched when it came never waited: it has no reason.
    render: (reason: SuspensePayment['reason'], payment) =>
      payment.applied_how === 'matched' ? '—' : (SUSPENSE_REASON_TEXTS[reason] ?? reason),
  },
  {
    title: 'Loan',
    dataIndex: 'loan_id',
    key: 'loan_id',
    render: (loanId: number | null) =>
      loanId ? <Link to={appRoutes.viewLoan(loanId)}>Loan {loanId}</Link> : '—',
  },
];

/**
 * The suspense page's columns, sortable where the list's definition takes the sort; the page adds
 * Actions for what still waits.
 */
export const SUSPENSE_COLUMNS = serverSortedColumns(COLUMNS, SUSPENSE_LISTS.suspense.sorts);

/** How an applied payment was applied: matched automatically, or assigned by whom (issue 34). */
export const HOW_APPLIED_COLUMN: Column = {
  title: 'How Applied',
  key: 'applied_how',
  render: (_, payment) => howApplied(payment) ?? '—',
};

/** What was decided about a payment no longer waiting: when, by whom, and the note. */
export const RESOLUTION_COLUMNS: Column[] = [
  {
    title: 'Resolved',
    dataIndex: 'resolved_at',
    key: 'resolved_at',
    render: (at: string | null) => formatDateTime(at),
  },
  {
    title: 'Resolved By',
    dataIndex: 'resolved_by_name',
    key: 'resolved_by_name',
    render: (name: string | null) => name ?? '—',
  },
  {
    title: 'Note',
    dataIndex: 'resolution_note',
    key: 'resolution_note',
    render: (note: string | null) => note ?? '—',
  },
];
