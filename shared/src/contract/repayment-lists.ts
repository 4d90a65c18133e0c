/**
 * The repayment lists (docs/product.md#repayment-lists), each defined once (list-definition.ts says
 * what a definition holds). The API's routes and query schemas, its export's `list=`, the
 * mf-repayments endpoint, filter bar, table and pages are read from here; which repayments each
 * list holds and in what order is the one thing written beside it
 * (api/src/modules/repayments/list-sql.ts, typed by RepaymentListName so that a list without it
 * does not compile).
 */
import type { RepaymentStatus } from '../domain/statuses';
import type { ListDefinition, ListFilters } from './list-definition';
import { pagesOf } from './list-definition';
import type { Repayment } from './repayments';

/** What the repayment lists sort by: payment date, amount, M-Pesa code, recorded time. */
export const REPAYMENT_SORTS = ['paid_date', 'amount', 'mpesa_code', 'recorded'] as const;
export type RepaymentSort = (typeof REPAYMENT_SORTS)[number];

/**
 * A column of a repayment table: a field of the row, or `paid`, the payment date under the pending
 * list's own heading ('Paid Date' where the others say 'Payment Date').
 */
export type RepaymentColumn = keyof Repayment | 'paid';

/**
 * A repayment list: every one is sorted alike and filtered by product, officer and payment date;
 * a list whose rows differ in status is filtered by it too. `exported` lists have a CSV
 * (/api/exports/repayments.csv?list=<name>, with the family's columns: exports.ts).
 */
export interface RepaymentListDefinition extends ListDefinition<Repayment, RepaymentSort> {
  filters: ListFilters<RepaymentStatus>;
  columns: readonly RepaymentColumn[];
  exported: boolean;
  /** Its rows await approval: an approver approves each from the table. */
  approvable?: boolean;
}

const FILTERS = { date: 'Paid', product: true, officer: true } as const;

export const REPAYMENT_LISTS = {
  pending: {
    api: '/repayments/pending',
    page: '/pending-repayments',
    title: 'Pending Repayments',
    summary: 'Repayments awaiting approval, newest recorded first',
    empty: 'No pending repayments.',
    sorts: REPAYMENT_SORTS,
    filters: FILTERS,
    columns: ['customer_name', 'loan_status', 'amount', 'mpesa_code', 'paid', 'due_date', 'created_at'],
    exported: true,
    approvable: true,
  },
  approved: {
    api: '/repayments/approved',
    page: '/approved-repayments',
    title: 'Approved Repayments',
    summary: 'Approved repayments, most recently approved first',
    empty: 'No approved repayments.',
    sorts: REPAYMENT_SORTS,
    filters: FILTERS,
    columns: ['customer_name', 'amount', 'paid_date', 'mpesa_code', 'loan_status'],
    exported: true,
  },
  all: {
    api: '/repayments',
    page: '/repayments',
    title: 'All Repayments',
    summary: 'Repayments of every status (status narrows), newest recorded first',
    empty: 'No repayments.',
    sorts: REPAYMENT_SORTS,
    // The API narrows it by `?status=`; its page has no Status filter.
    filters: { ...FILTERS, statuses: ['pending', 'paid', 'rejected'] },
    // Its rows differ in status: a rejected one must not read as paid.
    columns: ['customer_name', 'amount', 'paid_date', 'mpesa_code', 'status'],
    exported: true,
  },
} as const satisfies Record<string, RepaymentListDefinition>;

export type RepaymentListName = keyof typeof REPAYMENT_LISTS;
export const REPAYMENT_LIST_NAMES = Object.keys(REPAYMENT_LISTS) as RepaymentListName[];

/** The lists with a CSV: the export's `list=` values. */
export const REPAYMENT_EXPORT_LISTS = REPAYMENT_LIST_NAMES.filter(
  (name) => REPAYMENT_LISTS[name].exported,
) as [RepaymentExportList, ...RepaymentExportList[]];
export type RepaymentExportList = {
  [Name in RepaymentListName]: (typeof REPAYMENT_LISTS)[Name]['exported'] extends true ? Name : never;
}[RepaymentListName];

/** The browser page of each list, by name (appRoutes.repaymentLists). */
export const REPAYMENT_LIST_PAGES = pagesOf(REPAYMENT_LISTS);

/** A list's definition, widened (for code that serves every list alike). */
export const repaymentList = (name: RepaymentListName): RepaymentListDefinition => REPAYMENT_LISTS[name];
