/**
 * `npm run backup`: a backup of the embedded database and the uploaded files into BACKUP_DIR (and
 * the bucket when S3 is configured). While the server runs, it asks the server through DATA_DIR's
 * control socket (PGlite is one process on its folder); otherwise it opens the database itself.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from '../app';
import { askServerForBackup, controlSocketPath } from '../modules/backups/control-socket';
import type { BackupResult } from '../modules/backups/service';
import { pgliteFolder } from '../plugins/database';
import { embeddedCommand } from './embedded-command';

const { config, fail } = embeddedCommand(
  'Backup',
  'the database is the PostgreSQL server\'s to back up (pg_dump, pg_basebackup or the managed service\'s backups; docs/deploy.md "Backups").',
);

const describe = (backup: BackupResult, by: string) =>
  [
    `Backup written by ${by}: ${backup.path}`,
    `  ${(backup.sizeBytes / 1e6).toFixed(1)} MB, ${backup.files} uploaded files, sha256 ${backup.sha256}`,
    ...(backup.s3Key ? [`  uploaded to the bucket as ${backup.s3Key}`] : []),
  ].join('\n');

const answer = await askServerForBackup(controlSocketPath(config.dataDir)).catch((error: unknown) =>
  fail(`could not reach the server's control socket: ${(error as Error).message}`),
);
if (answer) {
  if (!answer.ok) fail(`the running server could not take it: ${answer.error}`);
  else {
    console.log(describe(answer.backup, 'the running server'));
    // The server writes where its own settings say: this command's BACKUP_DIR is not sent.
    if (dirname(answer.backup.path) !== config.backups.dir) {
      console.log(`  (into the server's BACKUP_DIR; this command's is ${config.backups.dir})`);
    }
  }
} else {
  if (!existsSync(pgliteFolder(config.dataDir)))
    fail(`there is no database in ${config.dataDir} to back up.`);
  const app = await buildApp(config, {
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    serveFrontends: false,
  }).catch((error: unknown) => fail(`could not open the database: ${(error as Error).message}`));
  try {
    await app.ready();
    console.log(describe(await app.backups.take('manual'), 'this command (no server was running)'));
  } catch (error) {
    process.exitCode = 1;
    console.error(`Backup failed: ${(error as Error).message}`);
  } finally {
    await app.close();
  }
}
