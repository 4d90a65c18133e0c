/**
 * The backup file: one tar holding the embedded database's cluster dump (`database/pglite.tar.gz`,
 * PGlite's dumpDataDir, gzipped in libuv's thread pool, off the server's event loop: the demo
 * book's 63 MB cluster is a fraction of that, and a backup is often sent over a slow line), the uploaded files (`files/<key>`) and, last, `manifest.json`: when it
 * was made, the app's migration level, and each entry's size and sha256. The manifest comes last
 * because it holds the checksums of what precedes it, so the file is written in one pass; a
 * restore reads it in one pass too and trusts nothing until the manifest agrees with every entry.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import { migrationsFolder } from '../../db/client';
import { FILE_KEY_PATTERN } from '../files/storage';

export const BACKUP_FORMAT = 'lender-backup/1';
export const DATABASE_ENTRY = 'database/pglite.tar.gz';
export const MANIFEST_ENTRY = 'manifest.json';
const FILES_PREFIX = 'files/';

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

/** The migrations the app applies: a backup of a newer schema than the app's cannot be restored by it. */
export interface MigrationLevel {
  count: number;
  last: string;
  /** Of every migration file, in name order. */
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  migrations: MigrationLevel;
  /** `included`: DATA_DIR/files is in the backup; `bucket`: uploads live in S3_BUCKET, not here. */
  files: 'included' | 'bucket';
  entries: ManifestEntry[];
}

/** A backup file that does not match its manifest (or has none): nothing of it is restored. */
export class CorruptBackupError extends Error {}

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function migrationLevel(): Promise<MigrationLevel> {
  const folder = migrationsFolder();
  const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const hash = createHash('sha256');
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(file).update(await readFile(join(folder, file)));
  }
  return {
    count: journal.entries.length,
    last: journal.entries.at(-1)?.tag ?? '',
    sha256: hash.digest('hex'),
  };
}

export interface ArchiveContent {
  database: Uint8Array;
  /** Uploaded files to include: each key and the path to read it from. */
  files: { key: string; path: string }[];
  manifest: Omit<BackupManifest, 'format' | 'entries'>;
}

/**
 * Writes the backup to `target` (created, owner-only, refusing an existing file) and returns its
 * size and sha256. Files are read one at a time (at most 5 MB each).
 */
export async function writeBackupArchive(
  target: string,
  content: ArchiveContent,
): Promise<{ size: number; sha256: string }> {
  const archive = pack();
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  const whole = createHash('sha256');
  let size = 0;
  const written = (async () => {
    for await (const chunk of archive as AsyncIterable<Buffer>) {
      whole.update(chunk);
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  })();
  const add = (name: string, bytes: Uint8Array, mtime: Date) =>
    new Promise<void>((resolve, reject) => {
      archive.entry({ name, size: bytes.length, mode: 0o600, mtime }, bytes, (error) =>
        error ? reject(error) : resolve(),
      );
    });

  const entries: ManifestEntry[] = [];
  const madeAt = new Date(content.manifest.created_at);
  const produced = (async () => {
    const database = await gzipped(content.database);
    await add(DATABASE_ENTRY, database, madeAt);
    entries.push({ name: DATABASE_ENTRY, size: database.length, sha256: sha256(database) });
    for (const file of content.files) {
      const bytes = await readFile(file.path);
      const name = `${FILES_PREFIX}${file.key}`;
      await add(name, bytes, madeAt);
      entries.push({ name, size: bytes.length, sha256: sha256(bytes) });
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, ...content.manifest, entries };
    await add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)), madeAt);
    archive.finalize();
  })();
  try {
    await Promise.all([produced, written]);
  } catch (error) {
    archive.destroy();
    out.destroy();
    throw error;
  }
  return { size, sha256: whole.digest('hex') };
}

export interface ReadArchive {
  manifest: BackupManifest;
  database: Buffer;
  /** The keys written into `filesDir`. */
  files: string[];
}

/**
 * Reads a backup file, writing its uploaded files into `filesDir` (created) and keeping the
 * database dump in memory, and checks every entry against the manifest: same names, sizes and
 * checksums, nothing missing, nothing more. Throws CorruptBackupError otherwise; the caller then
 * discards `filesDir`.
 */
export async function readBackupArchive(source: string, filesDir: string): Promise<ReadArchive> {
  await mkdir(filesDir, { recursive: true, mode: 0o700 });
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  let database: Buffer | undefined;
  const files: string[] = [];
  // Piped only now, with the iteration starting in the same tick: an entry the extractor parses
  // before anyone iterates is dropped.
  const reader = extract();
  const input = createReadStream(source);
  input.on('error', (error) => reader.destroy(error));
  input.pipe(reader);
  try {
    for await (const entry of reader) {
      const { name, type } = entry.header;
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      if (type !== 'file' || found.has(name)) throw new CorruptBackupError(`Unexpected entry ${name}`);
      if (name === MANIFEST_ENTRY) {
        manifestText = bytes.toString('utf8');
        continue;
      }
      found.set(name, { size: bytes.length, sha256: sha256(bytes) });
      if (name === DATABASE_ENTRY) {
        database = bytes;
      } else if (name.startsWith(FILES_PREFIX) && FILE_KEY_PATTERN.test(name.slice(FILES_PREFIX.length))) {
        const key = name.slice(FILES_PREFIX.length);
        await writeFile(join(filesDir, key), bytes, { flag: 'wx', mode: 0o600 });
        files.push(key);
      } else {
        throw new CorruptBackupError(`Unexpected entry ${name}`);
      }
    }
  } catch (error) {
    if (error instanceof CorruptBackupError) throw error;
    // A cut or garbled tar: the parser's own message says where.
    throw new CorruptBackupError(`Not a readable backup file: ${(error as Error).message}`);
  }

  if (manifestText === undefined) throw new CorruptBackupError('The backup has no manifest.json');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new CorruptBackupError('manifest.json is not valid JSON');
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.entries)) {
    throw new CorruptBackupError(`Not a ${BACKUP_FORMAT} backup`);
  }
  for (const expected of manifest.entries) {
    const actual = found.get(expected.name);
    if (!actual) throw new CorruptBackupError(`${expected.name} is listed in the manifest but missing`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new CorruptBackupError(`${expected.name} does not match its checksum in the manifest`);
    }
    found.delete(expected.name);
  }
  const extra = [...found.keys()][0];
  if (extra !== undefined) throw new CorruptBackupError(`${extra} is not listed in the manifest`);
  if (!database) throw new CorruptBackupError(`The backup has no ${DATABASE_ENTRY}`);
  return { manifest, database: await gunzipped(database), files };
}
