/** The SQL of the backups' record: one row per backup taken, and the newest that succeeded. */
import { desc, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertRow } from '../../db/rows';
import { backups } from '../../db/schema';

export type BackupRow = typeof backups.$inferSelect;

export function insertBackup(ex: Executor, row: typeof backups.$inferInsert): Promise<BackupRow> {
  return insertRow(ex, backups, row);
}

export async function lastSuccessfulBackup(ex: Executor): Promise<BackupRow | undefined> {
  const [row] = await ex
    .select()
    .from(backups)
    .where(isNull(backups.error))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  return row;
}
