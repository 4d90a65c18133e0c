/**
 * The M-Pesa payment lists, each defined once (list-definition.ts says what a definition holds):
 * today the suspense queue (issue 13, admins), whose status switch shows what waits or what was
 * decided. The API's route, query schema and CSV, the mf-repayments endpoint, page, filter bar and
 * sortable columns are read from here.
 */
import type { ListDefinition, ListFilters } from './list-definition';
import type { MpesaPaymentStatus, SuspensePayment } from './suspense';

/**
 * A payment list: `empty` is what it says when nothing waits (its default status), `emptyDecided`
 * when nothing was applied or refunded.
 */
export interface SuspenseListDefinition extends ListDefinition<SuspensePayment, string> {
  filters: Pick<ListFilters, 'date'>;
  emptyDecided: Record<Exclude<MpesaPaymentStatus, 'suspense'>, string>;
}

export const SUSPENSE_LISTS = {
  suspense: {
    api: '/mpesa/suspense',
    page: '/mpesa-suspense',
    title: 'M-Pesa Suspense',
    summary: 'Paybill payments by status (suspense: what waits for an admin), newest first',
    empty: 'No payments are waiting.',
    emptyDecided: { applied: 'No applied payments.', refunded: 'No refunded payments.' },
    // When received (M-Pesa's time), the amount, the M-Pesa code.
    sorts: ['received', 'amount', 'trans_id'],
    filters: { date: 'Paid' },
    // The whole CSV (the page's columns, with the payment's times as dates); the server writes each value.
    exportColumns: [
      { field: 'id', header: 'Payment ID' },
      { field: 'trans_time', header: 'Received' },
      { field: 'paid_date', header: 'Payment Date' },
      { field: 'trans_id', header: 'M-Pesa Code' },
      { field: 'account_typed', header: 'Account Typed' },
      { field: 'payer_name', header: 'Payer' },
      { field: 'msisdn', header: 'Phone' },
      { field: 'amount', header: 'Amount', money: true },
      { field: 'unapplied', header: 'Waiting', money: true },
      { field: 'reason', header: 'Reason' },
      { field: 'status', header: 'Status' },
      { field: 'applied_how', header: 'How Applied' },
      { field: 'loan_id', header: 'Loan ID' },
      { field: 'resolved_at', header: 'Resolved' },
      { field: 'resolved_by_name', header: 'Resolved By' },
      { field: 'resolution_note', header: 'Note' },
    ],
  },
} as const satisfies Record<string, SuspenseListDefinition>;

export type SuspenseListName = keyof typeof SUSPENSE_LISTS;

/** The suspense list's sort (`?sort=amount&order=desc`). */
export type SuspenseSort = (typeof SUSPENSE_LISTS)[SuspenseListName]['sorts'][number];

/** A CSV column of the suspense export, by the payment's field. */
export type SuspenseExportField = (typeof SUSPENSE_LISTS)[SuspenseListName]['exportColumns'][number]['field'];

/** A list's definition, widened (for code that reads any list alike). */
export const suspenseList = (name: SuspenseListName): SuspenseListDefinition => SUSPENSE_LISTS[name];
