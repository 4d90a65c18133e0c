/**
 * `npm run restore -- <backup file | s3:<key>>`: a backup into an empty DATA_DIR. Nothing is
 * written into DATA_DIR's place until the whole file has been read and every entry matched its
 * checksum in the manifest: a corrupt backup restores nothing. Refused while a server holds
 * DATA_DIR, into a folder that is not empty (unless `force`, which replaces what it holds), and
 * for a backup of a newer schema than this version of the app knows.
 */
import { readdir, rename, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { closeFolderToOthers, secureDataDir } from '../../db/data-dir';
import { openDatabase, pgliteFolderOwner } from '../../db/client';
import { pgliteFolder } from '../../plugins/database';
import { migrationLevel, readBackupArchive, type BackupManifest } from './archive';
import { controlSocketPath } from './control-socket';
import type { BackupBucket } from './locations';

/** A restore that must not go ahead (the message says why and what to do). */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  dataDir: string;
  /** A backup file's path, or `s3:<key>` for one in the bucket. */
  source: string;
  /** Replace what DATA_DIR holds instead of refusing a folder that is not empty. */
  force: boolean;
  /** Needed for an `s3:` source. */
  bucket?: BackupBucket | undefined;
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
  databaseBytes: number;
  /** What --force replaced in DATA_DIR. */
  replaced: string[];
}

/** Whether a server answers on DATA_DIR's control socket (one in another pid namespace too). */
function socketAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(controlSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir } = options;
  const owner = pgliteFolderOwner(pgliteFolder(dataDir));
  if (owner !== undefined || (await socketAnswers(dataDir))) {
    throw new RestoreRefusedError(
      `A server is running on ${dataDir}${owner ? ` (process ${owner})` : ''}: stop it before restoring into its folder.`,
    );
  }
  secureDataDir(dataDir);
  const present = await readdir(dataDir);
  if (present.length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `DATA_DIR ${dataDir} is not empty (${present.join(', ')}): restore into an empty or new folder, or add --force to replace what it holds.`,
    );
  }

  const staging = join(dataDir, `.restore-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    let source = options.source;
    if (source.startsWith('s3:')) {
      if (!options.bucket) throw new RestoreRefusedError(`${source} needs S3_BUCKET (and its settings) set`);
      source = `${staging}.tar`;
      await options.bucket.download(options.source.slice('s3:'.length), source);
    }
    const archive = await readBackupArchive(source, join(staging, 'files'));
    const app = await migrationLevel();
    if (archive.manifest.migrations.count > app.count) {
      throw new RestoreRefusedError(
        `This backup was made by a newer version of the app (schema ${archive.manifest.migrations.last}; this one knows up to ${app.last}): restore it with that version.`,
      );
    }

    // Verified: from here on DATA_DIR changes.
    const replaced = (await readdir(dataDir)).filter((name) => !name.startsWith('.restore-'));
    for (const name of replaced) await rm(join(dataDir, name), { recursive: true, force: true });
    try {
      const database = await openDatabase({
        pgliteDir: pgliteFolder(dataDir),
        pgliteTemplate: new Blob([archive.database]),
      });
      try {
        await database.ping();
      } finally {
        await database.close();
      }
    } catch (error) {
      // No half-made database left behind for a server to start on.
      await rm(pgliteFolder(dataDir), { recursive: true, force: true });
      throw error;
    }
    closeFolderToOthers(pgliteFolder(dataDir));
    if (archive.files.length > 0) await rename(join(staging, 'files'), join(dataDir, 'files'));
    return {
      manifest: archive.manifest,
      files: archive.files.length,
      databaseBytes: archive.database.length,
      replaced,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(`${staging}.tar`, { force: true });
  }
}
