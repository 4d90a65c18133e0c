import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database, the uploaded ID photos and the generated JWT secret, so
 * it is the owner's alone: the folder 0700, and everything the server creates from here on 0700
 * (folders) or 0600 (files), whatever the umask it was started with. A folder left open by an
 * earlier version is closed at start; the files already inside are then out of other users'
 * reach through it, without a walk over every file (start-up stays independent of the book).
 *
 * @returns the folder's mode before, when it had to be closed.
 */
export function secureDataDir(dataDir: string): { wasOpen: false } | { wasOpen: true; mode: number } {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return { wasOpen: false };
  chmodSync(dataDir, 0o700);
  return { wasOpen: true, mode };
}

/**
 * The embedded database's files made the owner's alone (folders 0700, files 0600): PGlite's
 * file system sets its own modes (0666 for files), bypassing the umask. Its folder holds about a
 * thousand files whatever the book's size (tables grow within their files), so the walk is quick.
 * Files it creates later keep its modes but stay inside DATA_DIR, which no one else can enter.
 *
 * @returns how many entries were open to others.
 */
export function closeFolderToOthers(folder: string): number {
  let closed = 0;
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
      closed += 1;
    }
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(folder);
  return closed;
}
