import fp from 'fastify-plugin';
import type { Executor } from '../db/client';
import { insertAuditEntry } from '../modules/audit/repository';

/** One change of state: who, what, which record, before and after (domain rules §11). */
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
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditTrail;
  }
}

export default fp(
  async (app) => {
    const audit: AuditTrail = {
      record: (tx, entry) =>
        insertAuditEntry(tx, {
          actorId: entry.actorId,
          action: entry.action,
          entity: entry.entity,
          entityId: String(entry.entityId),
          loanId: entry.loanId ?? null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          at: app.clock.now(),
        }),
    };
    app.decorate('audit', audit);
  },
  { name: 'audit', dependencies: ['clock'] },
);
