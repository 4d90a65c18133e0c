/**
 * The one-row statements every repository writes on a table keyed by `id` (serial primary key):
 * find it, insert it, update it (unconditionally or while a guard holds), and ask whether any row
 * matches. Each reads or writes through the primary key or the caller's condition only.
 */
import { and, eq, getTableName, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A table with an integer primary key `id`. */
type TableWithId = PgTable & { id: AnyPgColumn };

/** The row whose id is `id`; `forUpdate` locks it until the transaction ends (writers queue on it). */
export async function findById<T extends TableWithId>(
  ex: Executor,
  table: T,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = ex
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}

/** Inserts one row and returns it as stored (defaults and id filled in). */
export async function insertRow<T extends PgTable>(
  ex: Executor,
  table: T,
  row: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [created] = await ex
    .insert(table)
    .values(row as PgInsertValue<T>)
    .returning();
  if (!created) throw new Error(`Insert into ${getTableName(table)} returned no row`);
  return created as T['$inferSelect'];
}

/**
 * Updates the row whose id is `id` only while `guard` still holds (e.g. status = 'pending'): of
 * two concurrent writers, the second updates nothing. Returns the updated row, if any.
 */
export async function updateByIdIf<T extends TableWithId>(
  ex: Executor,
  table: T,
  id: number,
  guard: SQL | undefined,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> {
  const updated = (await ex
    .update(table)
    .set(values)
    .where(and(eq(table.id, id), guard))
    .returning()) as T['$inferSelect'][];
  return updated[0];
}

/**
 * Updates the row whose id is `id`, which the caller knows is there (it holds it in its
 * transaction, or has just read it): returns it, or throws naming `what` vanished.
 */
export async function updateById<T extends TableWithId>(
  ex: Executor,
  table: T,
  id: number,
  values: PgUpdateSetSource<T>,
  what: string,
): Promise<T['$inferSelect']> {
  const updated = await updateByIdIf(ex, table, id, undefined, values);
  if (!updated) throw new Error(`${what} ${id} vanished`);
  return updated;
}

/** Whether any row of `table` matches `where` (the first one found is read). */
export async function anyRow(ex: Executor, table: TableWithId, where: SQL | undefined): Promise<boolean> {
  const [row] = await ex.select({ id: table.id }).from(table).where(where).limit(1);
  return row !== undefined;
}
