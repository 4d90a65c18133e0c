/**
 * `npm run restore -- <backup file | s3:<key>> [--force]`: restores a backup made by `npm run
 * backup` (or the nightly one) into DATA_DIR, which must be empty (or --force) with no server on it.
 */
import { isAbsolute, resolve } from 'node:path';
import { CorruptBackupError } from '../modules/backups/archive';
import { BackupBucket } from '../modules/backups/locations';
import { restoreBackup, RestoreRefusedError } from '../modules/backups/restore';
import { embeddedCommand } from './embedded-command';

const { config, fail } = embeddedCommand(
  'Restore',
  'restore the PostgreSQL server from its own backups (docs/deploy.md "Backups").',
);

const args = process.argv.slice(2);
const force = args.includes('--force');
const sources = args.filter((arg) => arg !== '--force');
if (sources.length !== 1 || sources[0]?.startsWith('--')) {
  fail('usage: npm run restore -- <backup file | s3:<key>> [--force]');
}
const given = sources[0] ?? '';

const cwd = process.env.INIT_CWD || process.cwd();
const source = given.startsWith('s3:') || isAbsolute(given) ? given : resolve(cwd, given);
const bucket = config.s3 ? new BackupBucket(config.s3) : undefined;
const started = performance.now();
try {
  const result = await restoreBackup({ dataDir: config.dataDir, source, force, bucket });
  if (result.replaced.length > 0) console.log(`Replaced what DATA_DIR held: ${result.replaced.join(', ')}`);
  console.log(
    [
      `Restored ${given} into ${config.dataDir} in ${Math.round(performance.now() - started)} ms:`,
      `  taken ${result.manifest.created_at}, schema ${result.manifest.migrations.last}`,
      `  database ${(result.databaseBytes / 1e6).toFixed(1)} MB, ${result.files} uploaded files`,
      result.manifest.files === 'bucket' ? '  (uploaded files were in the S3 bucket, which keeps them)' : '',
      'Start the server on it: npm start',
    ]
      .filter(Boolean)
      .join('\n'),
  );
} catch (error) {
  if (error instanceof RestoreRefusedError || error instanceof CorruptBackupError) {
    fail(
      error instanceof CorruptBackupError
        ? `the backup is damaged, nothing was restored: ${error.message}`
        : error.message,
    );
  }
  throw error;
} finally {
  bucket?.close();
}
