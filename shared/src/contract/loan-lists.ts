/**
 * The loan lists, each defined once (list-definition.ts says what a definition holds). The API's
 * routes and query schemas, its export, the mf-loans endpoint, URL state, filter bar and table are
 * read from here; the SQL of each list (which loans, in what order) is the one thing written beside
 * it (api/src/modules/loans/list-sql.ts, typed by LoanListName so that a list without it does not
 * compile).
 */
import type { DeviceStatus, LoanStatus } from '../domain/statuses';
import { texts } from '../texts';
import type { ListDefinition, ListFilters } from './list-definition';
import { pagesOf } from './list-definition';
import type { LoanRow } from './loans';

/** A column of a list's table: a field of the row, or the latest promise (date, amount, status). */
export type LoanColumn = keyof LoanRow | 'promise';

/**
 * A loan list: its sorts are named as the row's fields (days_overdue is the due date the other way
 * round); besides product and officer (every loan list has them), its rows may differ in status,
 * device state, date and the latest promise.
 */
export interface LoanListDefinition extends ListDefinition<LoanRow> {
  filters: ListFilters<LoanStatus> & { devices?: readonly DeviceStatus[]; promises?: boolean };
  columns?: readonly LoanColumn[];
}

/** The sorts of the lists of docs/product.md, which take every one. */
const ALL_SORTS = [
  'customer_name',
  'principal',
  'total_amount',
  'remaining_balance',
  'status',
  'due_date',
  'disbursement_date',
  'days_overdue',
] as const satisfies readonly (keyof LoanRow)[];

/** The columns of docs/product.md#active-loans and #other-loan-lists. */
export const LOAN_ROW_COLUMNS = [
  'customer_name',
  'total_amount',
  'arrears',
  'paid_amount',
  'remaining_balance',
  'status',
  'due_date',
  'days_remaining',
  'device_status',
] as const satisfies readonly LoanColumn[];

/** The due lists' rows: open and falling due (no paid or defaulted loan). */
const DUE = {
  sorts: ALL_SORTS,
  filters: {
    statuses: ['active', 'partially_paid', 'overdue'],
    devices: ['active', 'waiting', 'locked'],
    promises: true,
  },
  columns: [...LOAN_ROW_COLUMNS, 'paid_through_date', 'lock_date', 'promise'],
} as const;

export const LOAN_LISTS = {
  active: {
    api: '/loans/loan-details',
    page: '/loans',
    title: 'Active Loans',
    summary: 'Disbursed loans that are not paid, newest disbursement first; search by customer name',
    empty: 'No active loans.',
    sorts: ALL_SORTS,
    filters: {
      statuses: ['active', 'partially_paid', 'overdue', 'defaulted', 'repossessed'],
      devices: ['active', 'waiting', 'locked', 'repossessed'],
      date: 'Disbursed',
    },
  },
  paid: {
    api: '/loans/loan-details/paid',
    page: '/paid-loans',
    title: 'Cleared Loans',
    summary: 'Paid loans, newest disbursement first',
    empty: 'No cleared loans yet.',
    sorts: ALL_SORTS,
    filters: { devices: ['active', 'purchased'], date: 'Disbursed' },
    columns: LOAN_ROW_COLUMNS,
  },
  defaulted: {
    api: '/loans/loan-details/defaulted',
    page: '/defaulted',
    title: 'Defaulted Loans',
    summary: 'Defaulted loans, oldest due date first',
    empty: 'No defaulted loans.',
    sorts: ALL_SORTS,
    filters: { devices: ['active', 'waiting', 'locked', 'repossessed'], date: 'Due', promises: true },
    columns: [
      ...LOAN_ROW_COLUMNS,
      'paid_through_date',
      'lock_date',
      'default_date',
      'days_overdue',
      'promise',
    ],
  },
  pendingDisbursement: {
    api: '/loans/loan-details/pending-disbursement',
    page: '/pending-disbursement',
    title: 'Pending Disbursement',
    summary: 'Approved loans waiting for disbursement, newest approval first',
    empty: 'No loans are awaiting disbursement.',
    sorts: ALL_SORTS,
    filters: { date: 'Approved' },
  },
  // The menu's spelling of tomorrow (docs/product.md#menu) is the page's title.
  dueToday: {
    ...DUE,
    api: '/loans/due-today',
    page: '/due-today',
    title: 'Due Today',
    summary: 'Open loans whose due date is today (LENDER_TZ)',
    empty: texts.empty.dueToday,
  },
  dueTomorrow: {
    ...DUE,
    api: '/loans/due-tomorrow',
    page: '/due-tommorrow',
    title: 'Due Tommorrow',
    summary: 'Open loans due tomorrow',
    empty: texts.empty.dueTomorrow,
  },
  due2to7: {
    ...DUE,
    filters: { ...DUE.filters, date: 'Due' },
    api: '/loans/due-2-7-days',
    page: '/due-2-7',
    title: 'Due 2-7 days',
    summary: 'Open loans due in 2 to 7 days',
    empty: texts.empty.due2to7,
  },
  repossessed: {
    api: '/loans/loan-details/repossessed',
    page: '/repossessed-phones',
    title: 'Repossessed Phones',
    summary: 'Loans whose phone was repossessed, latest repossession first',
    empty: 'No phones have been repossessed.',
    sorts: ['customer_name', 'repossessed_on', 'repossessed_balance'],
    filters: { date: 'Repossessed' },
    columns: ['customer_name', 'model', 'imei_number', 'repossessed_on', 'repossessed_balance', 'officer_id'],
    exportColumns: [
      { field: 'model', header: 'Phone Model' },
      { field: 'imei_number', header: 'IMEI' },
      { field: 'repossessed_on', header: 'Repossessed On' },
      { field: 'repossessed_balance', header: 'Balance at Repossession', money: true },
    ],
  },
} as const satisfies Record<string, LoanListDefinition>;

export type LoanListName = keyof typeof LOAN_LISTS;
export const LOAN_LIST_NAMES = Object.keys(LOAN_LISTS) as LoanListName[];

/** Every list's sort (`?sort=remaining_balance&order=desc`). */
export type LoanSort = (typeof LOAN_LISTS)[LoanListName]['sorts'][number];
export const LOAN_SORTS = [...new Set(LOAN_LIST_NAMES.flatMap((name) => LOAN_LISTS[name].sorts))] as [
  LoanSort,
  ...LoanSort[],
];

/** The browser page of each list, by name (appRoutes.loanLists). */
export const LOAN_LIST_PAGES = pagesOf(LOAN_LISTS);

/** A list's definition, widened (for code that serves every list alike). */
export const loanList = (name: LoanListName): LoanListDefinition => LOAN_LISTS[name];
