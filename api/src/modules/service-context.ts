import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Clock } from '../domain/clock';
import type { AuditTrail } from '../plugins/audit';
import type { Files } from '../plugins/files';

/**
 * What a service function works with: passed in rather than imported, so that a test can run a
 * service against PGlite with a fixed clock.
 */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  audit: AuditTrail;
  files: Files;
}

export const serviceContext = (app: FastifyInstance): ServiceContext => ({
  db: app.db,
  clock: app.clock,
  audit: app.audit,
  files: app.files,
});
