/**
 * Opens the database with either driver and applies the migrations. Everything above this file
 * sees one type, `Database`, so one repository layer serves PGlite and PostgreSQL alike.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS, DURABLE_START_PARAMS } from './durable-pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What repositories take: the database itself or an open transaction. */
export type Executor = Database | Transaction;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** PGlite only: the whole cluster as a tarball (to keep as a template). */
  dump?: () => Promise<Blob>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while this process holds the advisory lock `key` (PostgreSQL: pg_try_advisory_lock
   * on a connection of its own, kept idle for the duration and released after, or by the server if
   * the process dies), or returns `{ acquired: false }` at once when another session holds it.
   * PGlite is one process on its folder: the lock is held by this handle, for the apps sharing it.
   */
  withTryAdvisoryLock<T>(
    key: number,
    work: () => Promise<T>,
  ): Promise<{ acquired: true; result: T } | { acquired: false }>;
  /**
   * VACUUM after an ageing pass (PGlite: the database; PostgreSQL: the loans table). The pages a
   * write touches stay out of the visibility map until something vacuums them: after a pass the
   * lists' capped counts visit the heap for every row, or the planner (seeing no all-visible pages)
   * scans the whole table instead of an index (the admin's active loans at 10k on PGlite: 18 ms,
   * 1.9 ms vacuumed). PGlite runs no autovacuum; PostgreSQL's may be off, and waits for a fifth of
   * the table to change. VACUUM skips the pages already all-visible, so it costs little when
   * little changed.
   */
  vacuum: () => Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Use this PostgreSQL server through `pg`. */
  databaseUrl?: string | undefined;
  /** Otherwise PGlite, persisted in this folder (in memory when undefined). */
  pgliteDir?: string | undefined;
  /**
   * PGlite in a folder only: whether a commit waits for its WAL to reach the disk (default true;
   * durable-pglite.ts). False only for a throwaway book, or to measure what durability costs
   * and saves (`npm run power-cut`): a power cut then loses acknowledged writes.
   */
  durable?: boolean | undefined;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster (tests use a migrated template). */
  pgliteTemplate?: Blob | undefined;
}

/**
 * The migrations folder: beside this file in the sources (src/db/migrations), and copied beside
 * the bundle by build.mjs (dist/migrations), where this code runs from dist/server.js.
 */
export function migrationsFolder(): string {
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  if (!existsSync(`${folder}/meta/_journal.json`))
    throw new Error(`Database migrations not found in ${folder}`);
  return folder;
}

/** Runs one task at a time, in call order. */
class Mutex {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task, task);
    this.last = result.catch(() => undefined);
    return result;
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.pgliteDir, options.pgliteTemplate, options.durable ?? true);
}

/**
 * PGlite is an embedded database: two processes opening one folder would corrupt it. A lock file
 * with the owner's pid refuses a second process (a lock left by a dead process is taken over).
 */
function lockPgliteFolder(dataDir: string): () => void {
  mkdirSync(dirname(dataDir), { recursive: true });
  const owner = pgliteFolderOwner(dataDir);
  if (owner !== undefined) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${owner}. ` +
        'Stop that process first, or use a PostgreSQL server (DATABASE_URL) to share the database.',
    );
  }
  const lockFile = `${dataDir}.lock`;
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** The live process (other than this one) whose lock is on a PGlite folder, if any. */
export function pgliteFolderOwner(dataDir: string): number | undefined {
  let owner: number;
  try {
    owner = Number(readFileSync(`${dataDir}.lock`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return owner && owner !== process.pid && isAlive(owner) ? owner : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed server whose parent died too stays a zombie until init reaps it, which some
  // container inits never do: it answers signal 0 but holds no files, so it is not a user.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): trust the signal
  }
}

async function openPglite(
  dataDir: string | undefined,
  template: Blob | undefined,
  durable: boolean,
): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockPgliteFolder(dataDir) : () => undefined;
  const client = await PGlite.create({
    // The name searches' trigram indexes (migrations 0011, 0012) need pg_trgm, which PGlite
    // loads from its own package (dist/pg_trgm.tar.gz, beside the module: npm packages stay
    // external in the build, so dist/server.js finds it in node_modules).
    extensions: { pg_trgm },
    // On disk, a commit is on disk before it is acknowledged (durable-pglite.ts); in memory
    // (tests' templates) there is no disk to wait for.
    ...(dataDir ? { dataDir } : {}),
    ...(dataDir && durable ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS } : {}),
    ...(template ? { loadDataDir: template } : {}),
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite({ client, schema });
  // PGlite is one connection: two interleaved transactions would share it. Serialise them
  // explicitly (PGlite 0.5 also queues queries behind an open transaction). Code inside a
  // transaction must use its `tx`, never `db`, or it waits for itself.
  const transactions = new Mutex();
  const heldLocks = new Set<number>();
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => transactions.run(() => transaction(work, config));

  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    // PGlite has no other session, but several apps in one process may share this handle (tests
    // of two instances): the lock is held per handle, as PostgreSQL holds it per server.
    withTryAdvisoryLock: async (key, work) => {
      if (heldLocks.has(key)) return { acquired: false };
      heldLocks.add(key);
      try {
        return { acquired: true, result: await work() };
      } finally {
        heldLocks.delete(key);
      }
    },
    vacuum: async () => {
      await client.query('vacuum');
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      unlock();
    },
    // Between transactions, so a backup never holds half of one (a statement outside a
    // transaction is atomic on its own: PGlite dumps between queries).
    dump: () => transactions.run(() => client.dumpDataDir('none')),
  };
}

/** Any fixed number: instances starting together take turns to migrate. */
const MIGRATION_LOCK_ID = 727_274;

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema });

  return {
    db: db as unknown as Database,
    driver: 'postgres',
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(db, { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    },
    withTryAdvisoryLock: async (key, work) => {
      const session = await pool.connect();
      try {
        const { rows } = await session.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key],
        );
        if (!rows[0]?.locked) return { acquired: false };
        try {
          return { acquired: true, result: await work() };
        } finally {
          await session.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        }
      } finally {
        session.release();
      }
    },
    // Not left to autovacuum: it may be off (it is on the machines this project is measured on),
    // and it waits for a fifth of a table to change; the night's pass would then leave the loans it
    // rewrote out of the visibility map for the day's lists (their counts read the heap).
    vacuum: async () => {
      await pool.query('vacuum (analyze) loans');
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Each database's prepared statements, by name (tests open several databases in one process). */
const preparedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement of a hot read path (a list's page, the caller's lookup), prepared once per database
 * and process: `prepare` builds it with `sql.placeholder`s for whatever varies and calls drizzle's
 * `.prepare(name)`; later calls reuse it. That skips drizzle's query building (a quarter of a list
 * request's CPU in Node under --cpu-prof) and, on PostgreSQL, the server's parse: a named statement
 * is parsed once per pooled connection. The server still plans each call with its values while a
 * generic plan would cost more, which a placeholder LIMIT ensures for the lists (it is estimated at
 * 10 % of the rows; on the 1M book, 0 generic plans after 8 calls). PGlite ignores the name.
 * `name` must stand for exactly what `prepare` builds: one name, one SQL text.
 */
export function preparedStatement<T>(
  db: Database,
  name: string | undefined,
  prepare: (name: string) => T,
): T {
  // No name: a one-off, built and parsed for this call (an unnamed statement), as a plain query is.
  if (name === undefined) return prepare('');
  let statements = preparedByDatabase.get(db);
  if (!statements) preparedByDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = prepare(name)));
  return statement;
}

/** PostgreSQL's unique_violation, whichever driver raised it (drizzle wraps driver errors). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && isObject(current); depth += 1, current = current.cause) {
    if (current.code === '23505') return constraint === undefined || current.constraint === constraint;
  }
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
