import { and, asc, count, desc, sql, type SQL, type SQLWrapper, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { preparedStatement, type Database, type Executor } from '../db/client';
import type { SortOrder } from '@lender/shared/contract/common';
import type { PageMeta } from '@lender/shared/contract/common';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** Rows on a page of every list and report page: the server's page size (docs/product.md#constants). */
const LIST_PAGE_SIZE = 10;

/** Page `page` of a list, LIST_PAGE_SIZE rows to a page. */
export const pageRequest = (page: number): PageRequest => ({ page, pageSize: LIST_PAGE_SIZE });

export const offsetOf = ({ page, pageSize }: PageRequest) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * Lists of the whole book are counted exactly up to this many rows (100 pages of 10); beyond, the
 * count stops and the page says "more than …": an exact count of a million loans reads them all.
 */
export const COUNT_LIMIT = 1000;

/**
 * How far a list's count reads (`select count(*) from (… limit countLimit + 1)`): COUNT_LIMIT, or
 * up to the requested page when it lies further, so that the count always covers the rows the page
 * shows and tells whether any follow.
 */
export const countLimit = ({ page, pageSize }: PageRequest) => Math.max(COUNT_LIMIT, page * pageSize);

/**
 * totalPages is at least 1 so that the client's "Page 1 of 1" reads right on an empty list. With a
 * `limit` (countLimit of the request) a count above it is not exact: total is then the limit, a lower
 * bound, and totalEstimated (present only then) says so.
 */
export const pageMeta = ({ page, pageSize }: PageRequest, total: number, limit?: number): PageMeta => {
  const estimated = limit !== undefined && total > limit;
  const shown = estimated ? limit : total;
  return {
    page,
    pageSize,
    total: shown,
    totalPages: Math.max(1, Math.ceil(shown / pageSize)),
    // Only when true: an exact count's meta stays as it always was.
    ...(estimated ? { totalEstimated: true } : {}),
  };
};

/**
 * A list's page and its capped count in one statement, so one round trip a page: the page's
 * select adds `total: cappedTotal(counted)`, where `counted` is the count's own subquery (`select 1
 * from … where <the page's condition> limit ${pagePlaceholders.countRows}`, `.as('counted')`),
 * which PostgreSQL runs once for the statement (an InitPlan) with the plan it had alone. Limit and
 * offset are placeholders (pagePlaceholders, filled by pageValues) so that the statement can be
 * prepared once (db/client.ts preparedStatement).
 */
export const cappedTotal = (counted: Subquery) =>
  sql<number>`(select count(*) from ${counted})`.mapWith(Number);

export const pagePlaceholders = {
  limit: sql.placeholder('pageLimit'),
  offset: sql.placeholder('pageOffset'),
  /** countLimit + 1: the count reads one row past its limit to tell whether any follow. */
  countRows: sql.placeholder('countRows'),
};

/**
 * A list's page and its count, as readPage (sql-helpers.ts) builds them: `counting` is `select 1`
 * from the list's table with the joins its condition needs (`$dynamic()`), `select(total)` the
 * page's columns with `total` (cappedTotal of the count) from the table and its joins. Both read
 * `where`; the page in `orderBy`, at the placeholders' limit and offset.
 */
export function pageAndCount<Q extends PgSelect>(
  ex: Executor,
  counting: PgSelect,
  where: SQL | undefined,
  orderBy: SQL[],
  select: (total: SQL<number>) => Q,
) {
  const counted = counting.where(where).limit(pagePlaceholders.countRows).as('counted');
  return {
    page: select(cappedTotal(counted))
      .where(where)
      .orderBy(...orderBy)
      .limit(pagePlaceholders.limit)
      .offset(pagePlaceholders.offset),
    count: ex.select({ total: count() }).from(counted),
  };
}

/** The values of pagePlaceholders for a request. */
export const pageValues = (request: PageRequest) => ({
  pageLimit: offsetOf(request).limit,
  pageOffset: offsetOf(request).offset,
  countRows: countLimit(request) + 1,
});

/**
 * The count of a page read with cappedTotal: on each of its rows. An empty first page has none to
 * count; an empty later page (past the end) carries no row to read it from, so the count alone
 * (`countAlone`) is read then.
 */
export async function totalOf(
  rows: readonly { total: number }[],
  request: PageRequest,
  countAlone: () => Promise<number>,
): Promise<number> {
  const [first] = rows;
  if (first) return first.total;
  return request.page === 1 ? 0 : countAlone();
}

/**
 * ORDER BY of a sortable list (issue 14): the chosen column in the chosen direction, then the
 * tiebreak (the row's id, the same direction) so that pages never overlap or skip a row; without a
 * sort, the list's default order. Each sortable column is backed by an index (db/schema.ts) that
 * serves the order with the list's own condition.
 */
export function sortOrderBy<Key extends string>(
  // A key may order by several expressions (a customer's first then last name), each the same way.
  columns:
    Record<Key, SQLWrapper | readonly SQLWrapper[]> | ((key: Key) => SQLWrapper | readonly SQLWrapper[]),
  request: { sort?: Key | undefined; order?: SortOrder | undefined },
  tiebreak: SQLWrapper,
  fallback: SQL[],
): SQL[] {
  if (!request.sort) return fallback;
  const direction = request.order === 'desc' ? desc : asc;
  const chosen = typeof columns === 'function' ? columns(request.sort) : columns[request.sort];
  const expressions: readonly SQLWrapper[] = Array.isArray(chosen) ? chosen : [chosen as SQLWrapper];
  return [...expressions.map((expression) => direction(expression)), direction(tiebreak)];
}

/** Rows an export reads at a time: a few hundred KB of memory, whatever the list's length. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every row of an ordered list in batches of at most `size`, for a streamed export (issue 14):
 * `fetchAfter(last)` reads the batch that follows the row `last` in the list's order (the first
 * batch when undefined), one index-backed query continuing after that row (keyset, keysetAfter),
 * so no query reads ever deeper offsets and memory stays one batch. A short batch is the last.
 */
export async function* keysetBatches<Row extends Key, Key>(
  // The key's type (what fetchAfter reads of the last row) is written on its parameter: TypeScript
  // could not infer the row's type from a function whose parameter is the row.
  fetchAfter: (last: Key | undefined) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let last: Key | undefined;
  for (;;) {
    const rows = await fetchAfter(last);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}

/**
 * The rows after (`descending`: before) the row whose key is `after.key` and id `after.id`, in the
 * order of (key, id): a row comparison an index on (key, id) serves. The key travels as text (the
 * query selected it as ::text, so that a timestamp keeps its microseconds) and is read back as
 * `key.type`.
 */
export const keysetAfter = (
  key: { column: SQLWrapper; type: string },
  id: SQLWrapper,
  descending: boolean,
  after: { key: unknown; id: unknown },
): SQL =>
  sql`(${key.column}, ${id}) ${sql.raw(descending ? '<' : '>')} (${after.key}::${sql.raw(key.type)}, ${after.id})`;

/** keysetAfter's row as placeholders, for a statement prepared once: values `afterKey`, `afterId`. */
export const keysetPlaceholders = { key: sql.placeholder('afterKey'), id: sql.placeholder('afterId') };

/**
 * A list read in keyset batches: its sort `key` and tiebreak `id` (keysetAfter), the direction,
 * the conditions (and-ed, with the keyset's after them) and the order, and `select(sortKey)`: the
 * list's columns with `sortKey` (the key as PostgreSQL writes it, ::text: a JavaScript Date would
 * drop a timestamp's microseconds) from its table and joins (`$dynamic()`).
 */
export interface KeysetList<Q extends PgSelect> {
  key: { column: SQLWrapper; type: string };
  id: SQLWrapper;
  descending: boolean;
  conditions: (SQL | undefined)[];
  orderBy: SQL[];
  select: (sortKey: SQL<string>) => Q;
}

/** A row of a KeysetList: what its select reads, sortKey among it. */
export type KeysetRow<Q extends PgSelect> = Q['_']['result'][number] & { sortKey: string | null };

/** A batch of `list` after the row `after` stands for (keysetAfter; undefined: the first batch). */
export const keysetBatch = <Q extends PgSelect>(
  list: KeysetList<Q>,
  after: { key: unknown; id: unknown } | undefined,
) =>
  list
    .select(sql<string>`(${list.key.column})::text`)
    .where(and(...list.conditions, after && keysetAfter(list.key, list.id, list.descending, after)))
    .orderBy(...list.orderBy)
    .limit(EXPORT_BATCH_ROWS);

/** Every row of `list`, EXPORT_BATCH_ROWS at a time (keysetBatches); `idOf` reads a row's id. */
export const listBatches = <Q extends PgSelect>(list: KeysetList<Q>, idOf: (row: KeysetRow<Q>) => unknown) =>
  keysetBatches(
    (last: KeysetRow<Q> | undefined) =>
      keysetBatch(list, last && { key: last.sortKey, id: idOf(last) }) as unknown as Promise<KeysetRow<Q>[]>,
    EXPORT_BATCH_ROWS,
  );

interface Preparable<Row> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A list's page and its capped count (cappedTotal), each prepared once for the list's shape `name`
 * (db/client.ts preparedStatement; no name: built for this call). The count is read on its own
 * only for a page past the end.
 */
async function readPage<Row extends { total: number }>(
  db: Database,
  name: string | undefined,
  request: PageRequest,
  values: Record<string, unknown>,
  build: () => { page: Preparable<Row>; count: Preparable<{ total: number }> },
): Promise<{ rows: Row[]; total: number }> {
  const rows = await preparedStatement(db, name && `${name}_page`, (named) =>
    build().page.prepare(named),
  ).execute(values);
  const total = await totalOf(rows, request, async () => {
    const [counted] = await preparedStatement(db, name && `${name}_count`, (named) =>
      build().count.prepare(named),
    ).execute(values);
    return counted?.total ?? 0;
  });
  return { rows, total };
}

/**
 * Every row of `list` in keyset batches (listBatches) for a streamed export, the
 * batches' two statements (the first, and one continuing after a row: keysetPlaceholders) each
 * prepared once for the list's shape `name` (no name: built for the call). `idOf` reads a row's
 * id; the rows come without their sortKey.
 */
export async function* preparedListBatches<Q extends PgSelect>(
  db: Database,
  name: string | undefined,
  values: Record<string, unknown>,
  list: KeysetList<Q>,
  idOf: (row: KeysetRow<Q>) => number,
): AsyncGenerator<Omit<KeysetRow<Q>, 'sortKey'>[]> {
  const batches = keysetBatches(
    (last: KeysetRow<Q> | undefined) =>
      preparedStatement(db, name && `${name}${last ? '_next' : '_first'}`, (named) =>
        keysetBatch(list, last && keysetPlaceholders).prepare(named),
      ).execute({ ...values, afterKey: last?.sortKey, afterId: last ? idOf(last) : 0 }) as Promise<
        KeysetRow<Q>[]
      >,
    EXPORT_BATCH_ROWS,
  );
  for await (const rows of batches) yield rows.map(({ sortKey: _sortKey, ...row }) => row);
}

/**
 * What a list's page reads: `counting` is `select 1` from the list's table with the joins its
 * condition needs (`$dynamic()`), `select(total)` the page's columns with `total` (cappedTotal of
 * the count); both read `where`, the page in `orderBy` (pageAndCount).
 */
export interface ListPageStatement<Q extends PgSelect> {
  counting: PgSelect;
  where: SQL | undefined;
  orderBy: SQL[];
  select: (total: SQL<number>) => Q;
}

/**
 * One page of a list and its capped count, in one statement, prepared once for the list's shape
 * `name` (none: built for this call): the lists' paging (loans, applications, repayments,
 * customers). `values` fill the statement's own placeholders; the page's are added here. The report
 * pages (their totals are the summaries' figures: pageOfIds in reports/) and the short admin
 * tables (exact counts: offsetOf) page otherwise; every export walks its list by keyset
 * (listBatches, preparedListBatches).
 */
export function readListPage<Q extends PgSelect>(
  db: Database,
  name: string | undefined,
  request: PageRequest,
  values: Record<string, unknown>,
  statement: () => ListPageStatement<Q>,
): Promise<{ rows: Q['_']['result']; total: number }> {
  return readPage(db, name, request, { ...values, ...pageValues(request) }, () => {
    const { counting, where, orderBy, select } = statement();
    const { page, count } = pageAndCount(db, counting, where, orderBy, select);
    // The page's rows are the select's, each with its total (cappedTotal).
    return { page: page as unknown as Preparable<Q['_']['result'][number] & { total: number }>, count };
  });
}

/**
 * A report page's ids, chosen on `table` alone in `orderBy`, as the subquery `page` that the
 * page's rows are joined to: skipping to a later page reads the skipped rows' keys only, not their
 * joins. A report's total is its summaries' figure, so it is not counted here.
 */
export function pageOfIds(
  ex: Executor,
  table: PgTable & { id: AnyPgColumn },
  where: SQL | undefined,
  orderBy: SQL[],
  request: PageRequest,
) {
  const { limit, offset } = offsetOf(request);
  return ex
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page');
}
