import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { apiRoutes, API_BASE } from '@lender/shared/contract/routes';
import { checkFileSignature, signFileKey, type SignatureCheck } from '../domain/signed-url';
import { sweepOrphanFiles } from '../modules/files/service';
import {
  LocalDiskStorage,
  S3Storage,
  type FileStorage,
  type S3StorageOptions,
} from '../modules/files/storage';

/** The advisory lock key of the sweep of a shared bucket. */
export const FILES_SWEEP_LOCK_ID = 73_310_003;

export interface Files {
  storage: FileStorage;
  /** A short-lived signed URL for a stored file, or null for no file. Give it only to callers allowed to see the owner. */
  signedUrl(key: string | null | undefined): string | null;
  checkSignature(key: string, query: { exp?: number | undefined; sig?: string | undefined }): SignatureCheck;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: Files;
  }
}

export interface FilesPluginOptions {
  dataDir: string;
  /** The signing key is derived from this secret (the JWT secret), never the secret itself. */
  secret: string;
  /** Keep files in this bucket instead of DATA_DIR/files (config.ts `s3`). */
  s3?: S3StorageOptions | undefined;
  /** A storage made by the caller (tests), used as is and left open. */
  storage?: FileStorage;
}

export default fp<FilesPluginOptions>(
  async (app, options) => {
    const storage: FileStorage =
      options.storage ??
      (options.s3 ? new S3Storage(options.s3) : new LocalDiskStorage(join(options.dataDir, 'files')));
    if (options.s3 && !options.storage)
      app.log.info({ bucket: options.s3.bucket }, 'Uploaded files: S3 bucket');
    const urlKey = createHmac('sha256', options.secret).update('lender signed file URLs').digest();
    app.decorate<Files>('files', {
      storage,
      signedUrl(key) {
        if (!key) return null;
        const { exp, sig } = signFileKey(urlKey, key, app.clock.wallNow());
        return `${API_BASE}${apiRoutes.files(key)}?exp=${exp}&sig=${sig}`;
      },
      checkSignature: (key, query) => checkFileSignature(urlKey, key, query, app.clock.wallNow()),
    });

    // Files a crash left without their record are swept once the server listens (start-up does
    // not wait for it) and every hour after. A shared bucket is swept by one instance at a time
    // (an advisory lock; the others skip that round); each instance sweeps its own folder.
    let sweeping: Promise<void> | undefined;
    const sweepOnce = () =>
      // The real time, not the business clock: it is compared with the files' modification times.
      sweepOrphanFiles(app.db, storage, Date.now());
    const sweep = () => {
      sweeping ??= (
        storage.shared
          ? app.database
              .withTryAdvisoryLock(FILES_SWEEP_LOCK_ID, sweepOnce)
              .then((outcome) => (outcome.acquired ? outcome.result : { checked: 0, removed: 0 }))
          : sweepOnce()
      )
        .then(({ checked, removed }) => {
          if (removed > 0) app.log.warn({ checked, removed }, 'Removed uploaded files that had no record');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'Sweep of uploaded files failed'))
        .finally(() => {
          sweeping = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onListen', async () => {
      setImmediate(sweep);
      timer = setInterval(sweep, 60 * 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
      if (!options.storage) storage.close?.();
    });
  },
  { name: 'files', dependencies: ['clock', 'database'] },
);
