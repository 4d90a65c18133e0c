/**
 * The server's side of backups (embedded database only): one backup a night at BACKUP_HOUR in
 * LENDER_TZ followed by the deletion of those past BACKUP_KEEP_DAYS, and the control socket through
 * which `npm run backup` asks the running server for one. As the ageing pass (loans/ageing.ts):
 * the timer is armed once the server listens, set by the app's clock, re-armed after each run,
 * cleared on close; a failure is logged and recorded (the backups table), never thrown at the
 * server. Backups in this process run one at a time.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackupKind } from '@lender/shared/contract/backups';
import { businessDate, instantOfWallTime } from '../../domain/clock';
import { addDays } from '../../domain/loan-engine';
import { LocalDiskStorage, type S3StorageOptions } from '../files/storage';
import { controlSocketPath, listenForControl, MAX_SOCKET_PATH } from './control-socket';
import { BackupBucket } from './locations';
import {
  pruneBackups,
  takeBackup,
  type BackupContext,
  type BackupResult,
  type BackupSettings,
} from './service';

/** Milliseconds from `nowMs` to the next `hour`:00 in `timeZone` (at least one second). */
export function msUntilNextBackup(nowMs: number, timeZone: string, hour: number): number {
  const today = businessDate(new Date(nowMs), timeZone);
  const at = (day: string) =>
    instantOfWallTime(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`), timeZone);
  const next = at(today) > nowMs ? at(today) : at(addDays(today, 1));
  return Math.max(1000, next - nowMs);
}

export interface BackupsPluginOptions {
  settings: BackupSettings;
  timeZone: string;
  s3: S3StorageOptions | undefined;
  dataDir: string;
}

export interface NightlyResult {
  backup: BackupResult;
  deleted: { local: string[]; bucket: string[] };
}

export interface Backups {
  /** Whether this server backs up its database (the embedded one) itself. */
  readonly embedded: boolean;
  /** Takes a backup now (after any in progress); throws on failure, which is recorded. */
  take(kind: BackupKind): Promise<BackupResult>;
  /** The night's work: a backup, then the retention. Logs and records a failure, never throws. */
  nightly(): Promise<NightlyResult | undefined>;
  context: BackupContext;
}

declare module 'fastify' {
  interface FastifyInstance {
    backups: Backups;
  }
}

export default fp<BackupsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const storage = app.files.storage;
    const bucket = options.s3 && app.database.driver === 'pglite' ? new BackupBucket(options.s3) : undefined;
    const context: BackupContext = {
      database: app.database,
      clock: app.clock,
      settings: options.settings,
      filesDir: storage instanceof LocalDiskStorage ? storage.root : undefined,
      bucket,
    };
    const embedded = app.database.driver === 'pglite' && app.database.dump !== undefined;

    let queue: Promise<unknown> = Promise.resolve();
    const take = (kind: BackupKind): Promise<BackupResult> => {
      const result = queue.then(() => takeBackup(context, kind));
      queue = result.catch(() => undefined);
      return result;
    };
    const logged = (kind: BackupKind, result: Promise<BackupResult>) =>
      result.then(
        (backup) => {
          app.log.info({ ...backup, kind }, 'Backup taken');
          return backup;
        },
        (error: unknown) => {
          app.log.error({ err: error, kind }, 'Backup failed');
          throw error;
        },
      );

    const nightly = async (): Promise<NightlyResult | undefined> => {
      try {
        const backup = await logged('nightly', take('nightly'));
        const deleted = await pruneBackups(context);
        if (deleted.local.length + deleted.bucket.length > 0)
          app.log.info(deleted, `Deleted backups older than ${options.settings.keepDays} days`);
        return { backup, deleted };
      } catch (error) {
        app.log.error({ err: error }, 'Nightly backup failed; the next night tries again');
        return undefined;
      }
    };

    app.decorate<Backups>('backups', {
      embedded,
      take: (kind) => logged(kind, take(kind)),
      nightly,
      context,
    });
    if (!embedded) {
      app.addHook('onClose', async () => bucket?.close());
      return;
    }

    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    let running: Promise<unknown> | undefined;
    const arm = () => {
      if (closing) return;
      timer = setTimeout(
        () => {
          running = nightly().finally(() => {
            running = undefined;
            arm();
          });
        },
        msUntilNextBackup(app.clock.wallNow(), options.timeZone, options.settings.hour),
      );
      timer.unref();
    };

    let closeSocket: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      arm();
      const path = controlSocketPath(options.dataDir);
      if (path.length > MAX_SOCKET_PATH) {
        app.log.warn(
          { path },
          'DATA_DIR is too long a path for the control socket: `npm run backup` cannot reach this server (the nightly backup still runs)',
        );
        return;
      }
      try {
        closeSocket = await listenForControl(path, () => logged('manual', take('manual')));
      } catch (error) {
        app.log.error({ err: error, path }, 'Could not open the control socket for `npm run backup`');
      }
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      await closeSocket?.();
      await running;
      await queue;
      bucket?.close();
    });
  },
  { name: 'backups', dependencies: ['clock', 'database', 'files'] },
);
