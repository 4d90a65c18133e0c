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

/**
 * A column of a list's table: a field of the row, the latest promise (date, amount, status), or a
 * two-line cell that keeps a laptop's table inside the page: the customer (name, with the account
 * number and the phone under it; sorted as the name), the balance with what was paid under it
 * (sorted as the balance), the loan status with the device status under it (sorted as the status),
 * the days overdue with the default date under it (sorted as the days overdue).
 */
export type LoanColumn =
  keyof LoanRow | 'promise' | 'customer' | 'balance_paid' | 'status_device' | 'overdue_default';

/**
 * What a list's rows offer (docs/product.md#active-loans): Repay (the Repayment modal), Add note or
 * promise to pay, Lock (admins, while the phone waits for a lock; disabled while a repayment awaits
 * approval) and View (the loan page).
 */
export const LOAN_ROW_ACTIONS = ['repay', 'note', 'lock', 'view'] as const;
export type LoanRowAction = (typeof LOAN_ROW_ACTIONS)[number];

/**
 * A loan list: its sorts are named as the row's fields (days_overdue is the due date the other way
 * round); besides product and officer (every loan list has them), its rows may differ in status,
 * device state, date and the latest promise. Every loan list is searched by the customer's name or
 * the account number.
 */
export interface LoanListDefinition extends ListDefinition<LoanRow> {
  filters: ListFilters<LoanStatus> & { devices?: readonly DeviceStatus[]; promises?: boolean };
  columns?: readonly LoanColumn[];
  /**
   * Of its columns, those a person may not hide: the column chooser (remembered per list in the
   * browser) offers the others. None given: every column but the first may be hidden.
   */
  essential?: readonly LoanColumn[];
  /** Of its columns, those hidden until a person shows them: what does not fit 1280 px with the rest. */
  hidden?: readonly LoanColumn[];
  /** The buttons of each row, in order; View alone when none are given. */
  actions?: readonly LoanRowAction[];
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

/**
 * The columns of the lists an officer collects from (Active Loans, the due lists, Defaulted): the
 * customer with the account number and the phone to call, the amount due now, the loan row
 * columns of docs/product.md#active-loans and the latest promise. The rest is offered by the
 * column chooser, hidden at first.
 */
const WORK_COLUMNS = [
  'customer',
  'amount_due',
  'total_amount',
  'arrears',
  'balance_paid',
  'status_device',
  'due_date',
  'days_remaining',
  'promise',
] as const satisfies readonly LoanColumn[];
/** Offered by the chooser of the working lists, hidden at first. */
const EXTRA_COLUMNS = [
  'paid_through_date',
  'lock_date',
  'loan_product',
  'disbursement_date',
] as const satisfies readonly LoanColumn[];
/** Repay, Add note or promise, Lock where allowed, View. */
const WORK_ACTIONS = LOAN_ROW_ACTIONS;

/** The due lists' rows: open and falling due (no paid or defaulted loan). */
const DUE = {
  sorts: ALL_SORTS,
  filters: {
    statuses: ['active', 'partially_paid', 'overdue'],
    devices: ['active', 'waiting', 'locked'],
    promises: true,
  },
  columns: [...WORK_COLUMNS, ...EXTRA_COLUMNS],
  essential: ['customer', 'amount_due', 'due_date'],
  hidden: EXTRA_COLUMNS,
  actions: WORK_ACTIONS,
} as const;

export const LOAN_LISTS = {
  active: {
    api: '/loans/loan-details',
    page: '/loans',
    title: 'Active Loans',
    summary:
      'Disbursed loans that are not paid, newest disbursement first; search by customer name or account number',
    empty: 'No active loans.',
    sorts: ALL_SORTS,
    filters: {
      statuses: ['active', 'partially_paid', 'overdue', 'defaulted', 'repossessed'],
      devices: ['active', 'waiting', 'locked', 'repossessed'],
      date: 'Disbursed',
    },
    columns: [...WORK_COLUMNS, ...EXTRA_COLUMNS],
    essential: ['customer', 'amount_due'],
    hidden: EXTRA_COLUMNS,
    actions: WORK_ACTIONS,
  },
  paid: {
    api: '/loans/loan-details/paid',
    page: '/paid-loans',
    title: 'Cleared Loans',
    summary: 'Paid loans, newest disbursement first',
    empty: 'No cleared loans yet.',
    sorts: ALL_SORTS,
    filters: { devices: ['active', 'purchased'], date: 'Disbursed' },
    columns: ['customer', ...LOAN_ROW_COLUMNS.filter((column) => column !== 'customer_name')],
  },
  defaulted: {
    api: '/loans/loan-details/defaulted',
    page: '/defaulted',
    title: 'Defaulted Loans',
    summary: 'Defaulted loans, oldest due date first',
    empty: 'No defaulted loans.',
    sorts: ALL_SORTS,
    filters: { devices: ['active', 'waiting', 'locked', 'repossessed'], date: 'Due', promises: true },
    // docs/product.md#other-loan-lists: Default Date and Days Overdue added; Days Remaining (the
    // same days, negative) is offered by the chooser.
    columns: [
      'customer',
      'amount_due',
      'total_amount',
      'arrears',
      'balance_paid',
      'status_device',
      'due_date',
      'overdue_default',
      'promise',
      'days_remaining',
      ...EXTRA_COLUMNS,
    ],
    essential: ['customer', 'amount_due', 'overdue_default', 'promise'],
    // The due date starts hidden: a defaulted loan's date is when it defaulted (under Days
    // Overdue), and without it the list fits 1280 px (measured: 4 px too wide with it).
    hidden: ['due_date', 'days_remaining', ...EXTRA_COLUMNS],
    actions: WORK_ACTIONS,
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
