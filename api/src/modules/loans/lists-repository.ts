/**
 * The SQL of the loan lists (lists.ts is their service; the dashboard's figures are in
 * dashboard/repository.ts): filtered, ordered and counted on the stored columns (kept current by
 * every write and the daily ageing pass), a page or an export's keyset batch at a time, prepared
 * once where the statement's shape allows.
 */
import { and, eq, gte, isNotNull, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SortOrder } from '@lender/shared/contract/common';
import type { LoanSort } from '@lender/shared/contract/loan-lists';
import type { DeviceStatus, LoanStatus } from '@lender/shared/domain/statuses';
import { preparedStatement, type Database } from '../../db/client';
import { customers, loans } from '../../db/schema';
import {
  EXPORT_BATCH_ROWS,
  keysetAfter,
  keysetBatches,
  keysetPlaceholders,
  readListPage,
  sortOrderBy,
  type PageRequest,
} from '../pagination';
import { customerNameLike, customerNamePattern } from '../sql-helpers';
import type { PromiseFilter } from '@lender/shared/contract/notes';
import type { LoanListName } from '@lender/shared/contract/loan-lists';
import { day, LIST_SQL, listDays, listOrder, SORT_COLUMNS } from './list-sql';
import { selectLoansWithCustomers, type LoanRecord } from './repository';

/** What a list's SQL reads of the day: the database, today, the default threshold and LENDER_TZ. */
export interface ListQuery {
  db: Database;
  today: string;
  thresholdDays: number;
  timeZone: string;
}

/** What a list is searched for: a customer's name (words) or a loan (its account number's id). */
export interface ListSearched {
  words?: string | undefined;
  loanId?: number;
}

/** A list's row: the loan and what it shows of its customer. */
export interface ListRow {
  loan: LoanRecord;
  firstName: string;
  lastName: string;
  nationalId: string;
  phone: string;
}

/** A list's name (shared/src/contract/loan-lists.ts); its SQL is list-sql.ts. */
export type LoanListKind = LoanListName;

/**
 * A list's sort and filters (issue 14), as the query gives them. None given: the list's own order
 * and its statements prepared once (the fast path); any given: the statement is built for them.
 */
export interface LoanListOptions {
  sort?: LoanSort | undefined;
  order?: SortOrder | undefined;
  /** The stored status (the ageing pass moves it with the date each night). */
  status?: LoanStatus | undefined;
  device?: DeviceStatus | undefined;
  productId?: number | undefined;
  /** Business dates, inclusive, of the list's date (filterDateOf). */
  from?: string | undefined;
  to?: string | undefined;
  /** The latest promise to pay: none, pending, kept or broken as of today (promises.ts). */
  promise?: PromiseFilter | undefined;
}

const customized = (options: LoanListOptions) => Object.values(options).some((value) => value !== undefined);

/** days_overdue is the due date the other way round: the earliest due is the most overdue. */
function sortOf(options: LoanListOptions) {
  const flipped = options.sort === 'days_overdue';
  const sort = options.sort === 'days_overdue' ? 'due_date' : options.sort;
  const descending = (options.order === 'desc') !== flipped;
  return { sort, order: descending ? ('desc' as const) : ('asc' as const) };
}

/** The ORDER BY of a list with the chosen sort, else its own order. */
const orderOf = (kind: LoanListKind, options: LoanListOptions): SQL[] =>
  sortOrderBy(SORT_COLUMNS, sortOf(options), loans.id, listOrder(kind));

/**
 * The filters' condition. An instant's range is written on the column (from 00:00 of `from` to
 * before 00:00 after `to`, in the lender's time zone), so that an index on it serves the range.
 */
function filterCondition(kind: LoanListKind, options: LoanListOptions, timeZone: string): SQL | undefined {
  const { column, instant } = LIST_SQL[kind].date;
  const { from, to } = options;
  return and(
    options.status ? eq(loans.status, options.status) : undefined,
    options.device ? eq(loans.deviceStatus, options.device) : undefined,
    options.productId !== undefined ? eq(loans.productId, options.productId) : undefined,
    promiseCondition(options.promise, day.today),
    from
      ? instant
        ? sql`${column} >= (${from}::date::timestamp at time zone ${timeZone})`
        : gte(column, from)
      : undefined,
    to
      ? instant
        ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`
        : lte(column, to)
      : undefined,
  );
}

/**
 * The lists' condition for `?promise=` (`today` a placeholder or a date): the same rule as
 * promiseStatus (promises.ts), on the row. Every status names promise_date is not null, which the partial
 * indexes loans_promise_due_idx and loans_officer_promise_due_idx are built on.
 */
export function promiseCondition(
  filter: PromiseFilter | undefined,
  today: SQLWrapper | string,
): SQL | undefined {
  const promised = isNotNull(loans.promiseDate);
  const unpaid = sql`${loans.promisePaid} < ${loans.promiseAmount}`;
  switch (filter) {
    case undefined:
      return undefined;
    case 'none':
      return isNull(loans.promiseDate);
    case 'kept':
      return and(promised, sql`${loans.promisePaid} >= ${loans.promiseAmount}`);
    case 'pending':
      return and(promised, unpaid, gte(loans.promiseDate, today));
    case 'broken':
      return and(promised, unpaid, lt(loans.promiseDate, today));
  }
}

const officerPlaceholder = sql.placeholder('officerId');
const namePlaceholder = sql.placeholder('namePattern');
const loanIdPlaceholder = sql.placeholder('loanId');

/** How a list is searched: not at all, by the customer's name, or by a loan's account number. */
type ListSearch = 'none' | 'name' | 'account';

/** Whether a list is sorted by its customers' names. */
const byCustomerName = (options: LoanListOptions): boolean => options.sort === 'customer_name';

/**
 * Which rows a list holds: its own filter, the officer's book, the search (placeholders) and the
 * chosen filters (filterCondition; literal values, in a statement built for them). An officer's
 * list sorted by name also says the officer registered the customer (a loan's officer is its
 * customer's registrar), so the database walks only the officer's customers by name
 * (customers_created_by_name_idx) instead of every customer (1.6 s → 1 ms at 200k loans).
 */
function listCondition(
  q: ListQuery,
  kind: LoanListKind,
  scoped: boolean,
  search: ListSearch,
  options: LoanListOptions,
): SQL | undefined {
  return and(
    LIST_SQL[kind].where,
    filterCondition(kind, options, q.timeZone),
    scoped ? eq(loans.officerId, officerPlaceholder) : undefined,
    scoped && byCustomerName(options) ? eq(customers.createdBy, officerPlaceholder) : undefined,
    search === 'name' ? customerNameLike(namePlaceholder) : undefined,
    search === 'account' ? eq(loans.id, loanIdPlaceholder) : undefined,
  );
}

/**
 * A list's page with its capped count (pagination.ts cappedTotal), for an officer's book or
 * everyone's, searched by name, by account number (the loan id it encodes: the primary key) or
 * not. The search's pattern, the loan id and the officer are placeholders too; the count joins
 * customers only to search or to sort an officer's list by name.
 */
function loansPageStatement(
  q: ListQuery,
  kind: LoanListKind,
  scoped: boolean,
  search: ListSearch,
  options: LoanListOptions = {},
) {
  const { db } = q;
  let counting = db
    .select({ one: sql`1` })
    .from(loans)
    .$dynamic();
  if (search === 'name' || (scoped && byCustomerName(options)))
    counting = counting.innerJoin(customers, eq(customers.id, loans.customerId));
  return {
    counting,
    where: listCondition(q, kind, scoped, search, options),
    orderBy: orderOf(kind, options),
    select: (total: SQL<number>) => selectLoansWithCustomers(db, { total }),
  };
}

/**
 * One page of a list and its capped count. A name search is planned with its pattern each time
 * (unnamed): which index serves it depends on the term (search-indexes.test.ts); so is a chosen
 * sort or filter (their values are in the statement); the other shapes are prepared once.
 */
export async function selectLoansPage(
  q: ListQuery,
  kind: LoanListKind,
  officerId: number | undefined,
  request: PageRequest,
  searched: ListSearched,
  options: LoanListOptions,
): Promise<{ rows: ListRow[]; total: number }> {
  const search = searchOf(searched);
  const scoped = officerId !== undefined;
  const values = searchValues(q, officerId, searched);
  const name =
    search === 'name' || customized(options)
      ? undefined
      : `loans_${kind}${scoped ? '_officer' : ''}${search === 'account' ? '_account' : ''}`;
  return readListPage(q.db, name, request, values, () =>
    loansPageStatement(q, kind, scoped, search, options),
  );
}

const searchOf = (searched: ListSearched): ListSearch =>
  searched.loanId !== undefined ? 'account' : searched.words ? 'name' : 'none';

/**
 * Every row of a list (its filter, scope and search), in its order, EXPORT_BATCH_ROWS at a time:
 * each batch one index-backed query continuing after the last row of the one before (keyset); none
 * holds a transaction.
 */
export function selectLoanBatches(...args: ListExport): AsyncGenerator<ListRow[]> {
  const [, , , , options] = args;
  return options.sort ? sortedBatchesOf(...args) : batchesInListOrder(...args);
}

/** What a list's export reads: the day, the list, whose book (undefined: all), the search, sort and filters. */
type ListExport = [
  q: ListQuery,
  kind: LoanListKind,
  officerId: number | undefined,
  searched: ListSearched,
  options: LoanListOptions,
];

function batchesInListOrder(
  ...[q, kind, officerId, searched, options]: ListExport
): AsyncGenerator<ListRow[]> {
  const orderBy = listOrder(kind);
  const key = LIST_SQL[kind].keyset;
  const scoped = officerId !== undefined;
  const search = searchOf(searched);
  const filters = filterCondition(kind, options, q.timeZone);
  const after = keysetAfter(key, loans.id, key.descending, keysetPlaceholders);
  const build = (name: string) =>
    // The key as PostgreSQL writes it: a JavaScript Date would drop a timestamp's microseconds,
    // and the next batch would start before or after the row it should.
    selectLoansWithCustomers(q.db, { keyText: sql<string | null>`(${key.column})::text` })
      .where(and(listCondition(q, kind, scoped, search, options), after))
      .orderBy(...orderBy)
      .limit(EXPORT_BATCH_ROWS)
      .prepare(name);
  const name =
    search === 'name' || filters
      ? undefined
      : `loans_export_${kind}${scoped ? '_officer' : ''}${search === 'account' ? '_account' : ''}`;
  const statement = preparedStatement(q.db, name, build);
  const values = searchValues(q, officerId, searched);
  // Before the first row: past either end of the order.
  const start = key.descending
    ? { afterKey: 'infinity', afterId: 2_147_483_647 }
    : { afterKey: '-infinity', afterId: 0 };
  return keysetBatches(async (last: { keyText: string | null; loan: { id: number } } | undefined) => {
    if (!last) return statement.execute({ ...values, ...start });
    // A row without the key (nulls sort last) is past every row a keyset can continue after.
    if (last.keyText === null) return [];
    return statement.execute({ ...values, afterKey: last.keyText, afterId: last.loan.id });
  }, EXPORT_BATCH_ROWS);
}

/** The placeholders' values of a list's condition: its days, the officer, the search. */
const searchValues = (q: Omit<ListQuery, 'db'>, officerId: number | undefined, searched: ListSearched) => ({
  ...listDays(q.today, q.thresholdDays),
  officerId,
  namePattern: searched.words ? customerNamePattern(searched.words) : undefined,
  loanId: searched.loanId,
});

/**
 * After the row whose sort values are `values` and id `id`, in the order of `expressions` then the
 * id, each ascending or each descending. PostgreSQL puts nulls last ascending and first descending
 * (a null sorts above every value), so a nullable column (a due date) keeps its rows.
 */
function afterSortKey(
  expressions: readonly SQLWrapper[],
  values: readonly (string | null)[],
  id: number,
  descending: boolean,
): SQL {
  const [expression, ...restExpressions] = expressions;
  const [value = null, ...restValues] = values;
  if (!expression) return descending ? lt(loans.id, id) : sql`${loans.id} > ${id}`;
  const next = afterSortKey(restExpressions, restValues, id, descending);
  const isNullValue = sql`${expression} is null`;
  if (value === null) {
    return descending
      ? (or(sql`${expression} is not null`, and(isNullValue, next)) as SQL)
      : (and(isNullValue, next) as SQL);
  }
  // The value travels as text and PostgreSQL reads it as the expression's type (the key was
  // selected as ::text, so a timestamp keeps its microseconds).
  const tie = and(sql`${expression} = ${value}`, next);
  return descending
    ? (or(sql`${expression} < ${value}`, tie) as SQL)
    : (or(sql`${expression} > ${value}`, isNullValue, tie) as SQL);
}

/**
 * An export in a chosen sort (issue 14): as on screen, in the same order, walked in keyset batches
 * on (the sort's expressions, id), each batch continuing after the last row of the one before
 * (afterSortKey), so that no batch reads ever deeper offsets. Built for each batch (the last row's
 * values are in it). A sort no index of the list serves sorts the list's rows past the key for
 * each batch: an export of a long list is then slower, never larger in memory.
 */
function sortedBatchesOf(...[q, kind, officerId, searched, options]: ListExport): AsyncGenerator<ListRow[]> {
  const { sort = 'due_date', order } = sortOf(options);
  const chosen = SORT_COLUMNS[sort];
  const expressions: readonly SQLWrapper[] = Array.isArray(chosen) ? chosen : [chosen as SQLWrapper];
  const descending = order === 'desc';
  // The last row's sort values, as text, to continue after.
  const keys = sql<(string | null)[]>`array[${sql.join(
    expressions.map((expression) => sql`(${expression})::text`),
    sql`, `,
  )}]`;
  const scoped = officerId !== undefined;
  const search = searchOf(searched);
  const condition = listCondition(q, kind, scoped, search, options);
  const values = searchValues(q, officerId, searched);
  return keysetBatches(
    (last: { keys: (string | null)[]; loan: { id: number } } | undefined) =>
      selectLoansWithCustomers(q.db, { keys })
        .where(and(condition, last && afterSortKey(expressions, last.keys, last.loan.id, descending)))
        .orderBy(...orderOf(kind, options))
        .limit(EXPORT_BATCH_ROWS)
        .prepare('')
        .execute(values),
    EXPORT_BATCH_ROWS,
  );
}
