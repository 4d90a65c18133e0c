/**
 * The loan application lists, each defined once (list-definition.ts says what a definition holds).
 * The API's routes and query schemas, the mf-loans endpoint, URL state, filter bar and table are
 * read from here; which applications each list holds and in what order is the one thing written
 * beside it on the server (api/src/modules/applications/repository.ts LIST_SQL, typed by
 * ApplicationListName so that a list without it does not compile).
 */
import type { ListDefinition, ListFilters } from './list-definition';
import { pagesOf } from './list-definition';
import type { PendingApplicationRow, RejectedApplicationRow } from './applications';

/**
 * The rows a list answers, by kind (applications.ts): an application, or a rejected one with the
 * customer's occupation and address and why it was rejected.
 */
export interface ApplicationRows {
  application: PendingApplicationRow;
  rejection: RejectedApplicationRow;
}
export type ApplicationRowKind = keyof ApplicationRows;

/** A sort an application list may take: a field of its row, or the customer's name. */
type ApplicationSortName = keyof RejectedApplicationRow | 'customer_name';

/**
 * An application list: its rows' kind, its sorts, and its date (besides the product and, for
 * whoever sees the whole book, the officer, which every application list is filtered by).
 */
export interface ApplicationListDefinition<
  Kind extends ApplicationRowKind = ApplicationRowKind,
> extends ListDefinition<ApplicationRows[Kind], ApplicationSortName> {
  rows: Kind;
  filters: Pick<ListFilters, 'date'>;
  columns: readonly (keyof ApplicationRows[Kind])[];
}

/** A list of either kind. */
export type AnyApplicationListDefinition = {
  [Kind in ApplicationRowKind]: ApplicationListDefinition<Kind>;
}[ApplicationRowKind];

/**
 * Every list takes every sort, as the API always has (a pending application's rejected_at is
 * empty: the id orders it), in the order the API's 400 names them.
 */
const ALL_SORTS = [
  'customer_name',
  'amount',
  'created_at',
  'rejected_at',
] as const satisfies readonly ApplicationSortName[];

/** The columns both lists show (docs/product.md#applications), before the list's date. */
const APPLICATION_COLUMNS = [
  'customer_full_name',
  'national_id',
  'phone',
  'monthly_income',
  'product_name',
  'amount',
  'purpose',
] as const satisfies readonly (keyof PendingApplicationRow)[];

export const APPLICATION_LISTS = {
  pending: {
    rows: 'application',
    api: '/loansApplication/pending',
    page: '/pending-loans',
    title: 'Pending Loan Applications',
    summary: "Pending applications of the customers in the caller's scope, newest first, 10 a page",
    empty: 'No pending applications.',
    sorts: ALL_SORTS,
    filters: { date: 'Submitted' },
    columns: [...APPLICATION_COLUMNS, 'created_at'],
  },
  rejected: {
    rows: 'rejection',
    api: '/loansApplication/rejected',
    page: '/rejected-loans',
    title: 'Rejected Loan Applications',
    summary:
      "Rejected applications of the customers in the caller's scope, most recently rejected first, 10 a page (a page, not the specification's plain array: the list only grows)",
    empty: 'No rejected applications.',
    sorts: ALL_SORTS,
    filters: { date: 'Rejected' },
    columns: [...APPLICATION_COLUMNS, 'rejected_at', 'occupation', 'address', 'rejection_reason'],
  },
} as const satisfies Record<string, AnyApplicationListDefinition>;

export type ApplicationListName = keyof typeof APPLICATION_LISTS;
export const APPLICATION_LIST_NAMES = Object.keys(APPLICATION_LISTS) as ApplicationListName[];

/** A list's row (applications.ts), by the list's name. */
export type ApplicationRowOf<Name extends ApplicationListName> =
  ApplicationRows[(typeof APPLICATION_LISTS)[Name]['rows']];

/** Every list's sort (`?sort=amount&order=desc`). */
export type ApplicationSort = (typeof APPLICATION_LISTS)[ApplicationListName]['sorts'][number];
export const APPLICATION_SORTS = [
  ...new Set(APPLICATION_LIST_NAMES.flatMap((name) => APPLICATION_LISTS[name].sorts)),
] as [ApplicationSort, ...ApplicationSort[]];

/** The browser page of each list, by name (appRoutes.applicationLists). */
export const APPLICATION_LIST_PAGES = pagesOf(APPLICATION_LISTS);

/** A list's definition, widened (for code that serves every list alike). */
export const applicationList = (name: ApplicationListName): AnyApplicationListDefinition =>
  APPLICATION_LISTS[name];
