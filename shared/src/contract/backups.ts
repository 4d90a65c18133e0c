/**
 * Backups of the embedded database (issue 32): `npm run backup`, one a night, `npm run restore`.
 * The admin's dashboard shows the last successful one and warns when it is too old.
 */
import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/** Who started a backup: someone with `npm run backup`, or the server's nightly one. */
export const BACKUP_KINDS = ['manual', 'nightly'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * GET /api/backups/status (admins). `embedded`: the server backs up its own database (PGlite in
 * DATA_DIR). `postgres`: with DATABASE_URL the database is the PostgreSQL server's to back up
 * (docs/deploy.md), so the server reports nothing of its own.
 */
export const backupStatusSchema = z.discriminatedUnion('database', [
  z.object({
    database: z.literal('embedded'),
    /** The newest backup that succeeded, or null when none has. */
    last_success: z
      .object({
        finished_at: isoDateTimeSchema,
        size_bytes: z.number().int(),
        kind: z.enum(BACKUP_KINDS),
      })
      .nullable(),
    /** True when no backup has succeeded in the last BACKUP_WARNING_HOURS hours (domain/backup-age.ts). */
    overdue: z.boolean(),
  }),
  z.object({ database: z.literal('postgres') }),
]);
export type BackupStatus = z.infer<typeof backupStatusSchema>;
