/**
 * What every list of the product declares once, in its family's definitions file
 * (loan-lists.ts, repayment-lists.ts, …): where the API serves it and the browser shows it, what it
 * is called, its sorts and its filters, what its table and its CSV show. The API registers each
 * list's route and query schema from its definition and keeps beside it only the list's SQL (typed
 * by the list's name); the remote reads its endpoint, URL state, filter bar, table and export from
 * it. Data only: no zod, so a page may read it without loading the validators.
 */

/** A filter of a list's bar (its URL parameter and the API's query parameter share the name). */
export interface ListFilters<Status extends string = string> {
  /** The statuses its rows differ in: a Status filter (`?status=`). */
  statuses?: readonly Status[];
  /** The label of its date (`from`/`to`): 'Disbursed', 'Due', 'Paid'. */
  date?: string;
  /** The product (`?productId=`). */
  product?: boolean;
  /** The officer, for whoever sees the whole book (`?officerId=`). */
  officer?: boolean;
}

export interface ListDefinition<Row, Sort extends string = keyof Row & string> {
  /** GET, relative to /api: one server page (data + meta), scoped to the caller's book. */
  api: `/${string}`;
  /** The browser page that shows it. */
  page: `/${string}`;
  /** The page's heading and tab title. */
  title: string;
  /** What the API's documentation says it holds. */
  summary: string;
  /** What the list says when it holds nothing. */
  empty: string;
  /** The sorts the server accepts (a table column is sortable when its key is one). */
  sorts: readonly Sort[];
  /** The table's columns by the row's fields, when a generic page shows it. */
  columns?: readonly (keyof Row | (string & {}))[];
  /** The CSV's columns after the family's common ones. */
  exportColumns?: readonly { field: keyof Row; header: string; money?: boolean }[];
}

/** The browser page of each list of a family, by name (appRoutes). */
export const pagesOf = <Lists extends Record<string, { page: string }>>(lists: Lists) =>
  Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.page])) as {
    [Name in keyof Lists]: Lists[Name]['page'];
  };
