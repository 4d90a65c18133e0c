import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFile(tx: Executor, row: NewFileRow): Promise<void> {
  await tx.insert(files).values(row);
}

export async function findFile(tx: Executor, key: string): Promise<FileRow | undefined> {
  const [row] = await tx.select().from(files).where(eq(files.key, key)).limit(1);
  return row;
}

/** Which of `keys` have a record. */
export async function recordedKeys(tx: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx.select({ key: files.key }).from(files).where(inArray(files.key, keys));
  return new Set(rows.map((row) => row.key));
}
