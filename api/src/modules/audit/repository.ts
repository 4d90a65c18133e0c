import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(tx: Executor, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}
