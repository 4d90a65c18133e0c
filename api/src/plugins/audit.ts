import fp from 'fastify-plugin';
import type { Executor } from '../db/client';
import { insertAuditEntries, insertAuditEntry, type AuditRow } from '../modules/audit/repository';

/** One change of state: who, what, which record, before and after (docs/product.md#errors). */
export interface AuditEntry {
  /** Null for changes the system makes itself. */
  actorId: number | null;
  /** Dotted verb, e.g. user.created. */
  action: string;
  entity: string;
  entityId: string | number;
  /** The loan the change concerns, so that the loan's history can show it. */
  loanId?: number | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditTrail {
  /** Pass the transaction that makes the change: the entry commits or rolls back with it. */
  record(tx: Executor, entry: AuditEntry): Promise<void>;
  /** Several entries in one insert, with the same transaction rule. */
  recordMany(tx: Executor, entries: AuditEntry[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

export default fp(
  async (app) => {
    const toRow = (entry: AuditEntry, at: Date): AuditRow => ({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      loanId: entry.loanId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      at,
    });
    const audit: AuditTrail = {
      record: (tx, entry) => insertAuditEntry(tx, toRow(entry, app.clock.now())),
      recordMany: (tx, entries) => {
        const at = app.clock.now();
        return insertAuditEntries(
          tx,
          entries.map((entry) => toRow(entry, at)),
        );
      },
    };
    app.decorate('audit', audit);
  },
  { name: 'audit', dependencies: ['clock'] },
);
