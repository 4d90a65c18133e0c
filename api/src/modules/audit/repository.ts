import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(tx: Executor, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** Several entries in one statement (the ageing pass writes one per changed loan of a batch). */
export async function insertAuditEntries(tx: Executor, rows: AuditRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
}
