import { ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { preparedStatement, type Database } from '../db/client';
import { customers } from '../db/schema';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  EXPORT_BATCH_ROWS,
  keysetBatch,
  keysetBatches,
  keysetPlaceholders,
  totalOf,
  type KeysetList,
  type KeysetRow,
  type PageRequest,
} from './pagination';

/** `%`, `_` and `\` typed by the user match themselves (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of text containing `words`, taken literally. */
export const containing = (words: string) => `%${escapeLike(words)}%`;

/**
 * The text a name search reads: "first last first" holds the first name, the last name and the full
 * name in either order. The trigram index customers_search_name_trgm_idx (schema.ts) is built on
 * this very expression, and the planner uses an expression index only for an identical expression:
 * change both together (and rebuild the index by a migration). Here, not in customers/, because
 * the loan lists search their customers by name too.
 */
export const customerSearchName = sql`${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.firstName}`;

/** The ILIKE pattern of words typed anywhere: `%words%`, with %, _ and \ escaped. */
export const customerNamePattern = (words: string) => containing(words);

/** The customer's name (customerSearchName) matching an ILIKE pattern, e.g. a placeholder for customerNamePattern. */
export const customerNameLike = (pattern: string | SQLWrapper): SQL => ilike(customerSearchName, pattern);

/** The words typed, case-insensitively, anywhere in the customer's name (customerSearchName). */
export const customerNameContains = (words: string): SQL => customerNameLike(customerNamePattern(words));

interface Preparable<Row> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A list's page and its capped count (pagination.ts cappedTotal), each prepared once for the
 * list's shape `name` (db/client.ts preparedStatement; no name: built for this call). The count is
 * read on its own only for a page past the end.
 */
export async function readPage<Row extends { total: number }>(
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
 * Every row of `list` in keyset batches (pagination.ts listBatches) for a streamed export, the
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
