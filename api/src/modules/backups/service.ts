/**
 * Backups of the embedded database (issue 32): taking one while the server runs, deleting those
 * past the retention, and the dashboard's status. With DATABASE_URL the database is the
 * PostgreSQL server's to back up (docs/deploy.md): nothing here runs.
 *
 * A backup holds no half of any transaction: the cluster is dumped between transactions (client.ts
 * `dump`). Uploaded files are written before their record commits and are never changed, only
 * deleted (a customer's deletion, the orphan sweep): they are hard-linked into a staging folder
 * before the dump and again after it (the files added meanwhile), so a file deleted while the
 * backup is written is still in it, and every file a record of the dump names is there unless it
 * was both uploaded and deleted during the dump itself. A file without a record in the dump (an
 * upload still committing) is restored too and removed by the orphan sweep.
 */
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupKind, BackupStatus } from '@lender/shared/contract/backups';
import { BACKUP_WARNING_HOURS } from '@lender/shared/domain/backup-age';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../domain/clock';
import { FILE_KEY_PATTERN } from '../files/storage';
import { migrationLevel, writeBackupArchive } from './archive';
import {
  backupFileName,
  backupTimeOf,
  deleteLocalBackup,
  listLocalBackups,
  type BackupBucket,
} from './locations';
import { insertBackup, lastSuccessfulBackup } from './repository';

/** BACKUP_*: read by config.ts. */
export interface BackupSettings {
  /** Absolute. BACKUP_DIR: where backup files are written; never inside DATA_DIR. */
  dir: string;
  /** BACKUP_KEEP_DAYS: backups older than this many days are deleted after a nightly one; 0 keeps all. */
  keepDays: number;
  /** BACKUP_HOUR: the hour (0–23, LENDER_TZ) of the nightly backup. */
  hour: number;
}

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface BackupContext {
  database: DatabaseHandle;
  /** Backups are real events: their times, retention and the warning read `wallNow`. */
  clock: Clock;
  settings: BackupSettings;
  /** DATA_DIR/files when uploads are kept on disk; undefined when they live in the bucket. */
  filesDir: string | undefined;
  /** The bucket's backups/ prefix, when S3 is configured. */
  bucket: BackupBucket | undefined;
}

export interface BackupResult {
  path: string;
  s3Key: string | null;
  sizeBytes: number;
  sha256: string;
  startedAt: string;
  finishedAt: string;
  /** Uploaded files in the backup. */
  files: number;
}

/** Hard links (copies across file systems) of the uploaded files not yet in `staging`. */
async function stageFiles(filesDir: string, staging: string): Promise<void> {
  const staged = new Set(await readdir(staging));
  const names = await readdir(filesDir).catch(() => []);
  for (const name of names) {
    if (staged.has(name) || !FILE_KEY_PATTERN.test(name)) continue;
    const from = join(filesDir, name);
    const to = join(staging, name);
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted since the listing: not in the dump's world either
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(from, to);
    }
  }
}

/**
 * Takes a backup now: the cluster dump and the uploaded files into one file in BACKUP_DIR (0600),
 * uploaded to the bucket when S3 is configured, and records it. A failure is recorded too, then
 * thrown.
 */
export async function takeBackup(ctx: BackupContext, kind: BackupKind): Promise<BackupResult> {
  const startedMs = ctx.clock.wallNow();
  const name = backupFileName(startedMs);
  const path = join(ctx.settings.dir, name);
  const partial = `${path}.partial`;
  const staging = ctx.filesDir ? `${ctx.filesDir}.backup-staging` : undefined;
  /** Set once the file is in place under its name. */
  let kept: { size: number; sha256: string } | undefined;
  try {
    const dump = ctx.database.dump;
    if (!dump) throw new Error('Only the embedded database is backed up by the server');
    await mkdir(ctx.settings.dir, { recursive: true, mode: 0o700 });
    if (ctx.filesDir && staging) {
      // A staging folder left by a crash is stale: start afresh.
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { mode: 0o700 });
      await stageFiles(ctx.filesDir, staging);
    }
    const database = new Uint8Array(await (await dump()).arrayBuffer());
    if (ctx.filesDir && staging) await stageFiles(ctx.filesDir, staging);
    const keys = staging ? (await readdir(staging)).sort() : [];
    const written = await writeBackupArchive(partial, {
      database,
      files: keys.map((key) => ({ key, path: join(staging ?? '', key) })),
      manifest: {
        created_at: new Date(startedMs).toISOString(),
        migrations: await migrationLevel(),
        files: ctx.filesDir ? 'included' : 'bucket',
      },
    });
    // Never over an existing backup (link refuses an existing name; rename would replace it).
    await link(partial, path);
    await rm(partial);
    kept = written;
    const s3Key = ctx.bucket ? await ctx.bucket.upload(path, name) : null;
    const finishedMs = ctx.clock.wallNow();
    await insertBackup(ctx.database.db, {
      kind,
      startedAt: new Date(startedMs),
      finishedAt: new Date(finishedMs),
      path,
      s3Key,
      sizeBytes: written.size,
      sha256: written.sha256,
      error: null,
    });
    return {
      path,
      s3Key,
      sizeBytes: written.size,
      sha256: written.sha256,
      startedAt: new Date(startedMs).toISOString(),
      finishedAt: new Date(finishedMs).toISOString(),
      files: keys.length,
    };
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    // The file may be whole with only the upload failed: it is kept and named in the record.
    await insertBackup(ctx.database.db, {
      kind,
      startedAt: new Date(startedMs),
      finishedAt: new Date(ctx.clock.wallNow()),
      path: kept ? path : null,
      s3Key: null,
      sizeBytes: kept?.size ?? null,
      sha256: kept?.sha256 ?? null,
      error: message.slice(0, 2000),
    }).catch(() => undefined);
    throw error;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * The backups (by name) to delete at `nowMs`: those taken more than `keepDays` days before, except
 * the newest, so that a server whose backups have failed for longer still keeps its last one.
 * `keepDays` 0 keeps them all.
 */
export function expiredBackups(names: readonly string[], nowMs: number, keepDays: number): string[] {
  if (keepDays === 0) return [];
  const dated = names
    .map((name) => ({ name, at: backupTimeOf(name) }))
    .filter((backup): backup is { name: string; at: number } => backup.at !== undefined)
    .sort((a, b) => a.at - b.at);
  const cutoff = nowMs - keepDays * DAY_MS;
  return dated
    .slice(0, -1)
    .filter((backup) => backup.at < cutoff)
    .map((backup) => backup.name);
}

/** Deletes the expired backups in BACKUP_DIR and in the bucket; returns what it deleted. */
export async function pruneBackups(ctx: BackupContext): Promise<{ local: string[]; bucket: string[] }> {
  const now = ctx.clock.wallNow();
  const local = expiredBackups(await listLocalBackups(ctx.settings.dir), now, ctx.settings.keepDays);
  for (const name of local) await deleteLocalBackup(ctx.settings.dir, name);
  const bucket = ctx.bucket ? expiredBackups(await ctx.bucket.list(), now, ctx.settings.keepDays) : [];
  for (const name of bucket) await ctx.bucket?.delete(name);
  return { local, bucket };
}

/** The admin dashboard's figure: the last successful backup, and whether it is too old. */
export async function backupStatus(ctx: Pick<BackupContext, 'database' | 'clock'>): Promise<BackupStatus> {
  if (ctx.database.driver !== 'pglite') return { database: 'postgres' };
  const last = await lastSuccessfulBackup(ctx.database.db);
  const overdue = !last || ctx.clock.wallNow() - last.finishedAt.getTime() > BACKUP_WARNING_HOURS * HOUR_MS;
  return {
    database: 'embedded',
    last_success: last
      ? {
          finished_at: last.finishedAt.toISOString(),
          size_bytes: last.sizeBytes ?? 0,
          kind: last.kind,
        }
      : null,
    overdue,
  };
}
