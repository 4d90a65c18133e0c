/**
 * One way to build the app in tests: `const t = await build(ctx)` gives a ready app on a clean
 * database with a controllable clock, closed when the test ends; requests go through
 * `app.inject`, the real HTTP layer without a port.
 *
 * The database is opened once per test FILE (opening PGlite takes seconds) and emptied before
 * each test. With DATABASE_URL set, a fresh database `lender_test_<random>` is created on that
 * server for the file, migrated, and dropped at the end.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, type TestContext } from 'node:test';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { API_BASE } from '@lender/shared/contract/routes';
import type { Role } from '@lender/shared/domain/roles';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrationsFolder, openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import * as schema from '../src/db/schema';
import type { Clock } from '../src/domain/clock';
import { hashPassword } from '../src/modules/users/passwords';
import { insertUser, type UserRow } from '../src/modules/users/repository';

/** Monday 3 March 2025, 10:00 in Nairobi. */
export const TEST_START = new Date('2025-03-03T07:00:00.000Z');

/** One controllable clock for business and wall time alike. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date = TEST_START) {
    this.current = start.getTime();
  }

  now = () => new Date(this.current);
  wallNow = () => this.current;

  advance(ms: number): void {
    this.current += ms;
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }
}

interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** PostgreSQL: the file's scratch database, for apps that open their own connections. */
  url?: string;
  close(): Promise<void>;
}

let testDatabase: Promise<TestDatabase> | undefined;

async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lender-api-test-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPgliteFromTemplate();
    return {
      handle,
      dataDir,
      close: async () => {
        await handle.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  const name = `lender_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  await handle.migrate(); // a no-op on the template's copy, kept as a safety net
  return {
    handle,
    dataDir,
    url,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A hash of the migrations and the PGlite version: a template is remade when either changes. */
async function migrationsHash(): Promise<string> {
  const folder = migrationsFolder();
  // The resolved path names PGlite's version (node_modules/.pnpm/@electric-sql+pglite@x.y.z/…).
  const hash = createHash('sha256').update(import.meta.resolve('@electric-sql/pglite'));
  for (const file of (await readdir(folder, { recursive: true })).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(await readFile(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated database on the PostgreSQL server that each test file's database is copied from
 * (CREATE DATABASE … TEMPLATE, a file copy, instead of running every migration per file). Made
 * once per schema, by the first file to need it, under an advisory lock. A template of an older
 * schema is left alone (another checkout may still use it); `lender_test_template_*` databases
 * can be dropped at any time when no test runs.
 */
const PG_TEMPLATE_PREFIX = 'lender_test_template_';
const PG_TEMPLATE_LOCK = 72_027_001;

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `${PG_TEMPLATE_PREFIX}${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building) });
      await handle.migrate();
      await handle.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]);
    await admin.end();
  }
  return name;
}

/**
 * Opening a new PGlite cluster takes seconds; loading a dump of an already migrated one takes
 * about one. The dump is kept in the temp folder, named by a hash of the migrations and the
 * PGlite version, so it is made once and remade only when the schema changes.
 */
const TEMPLATE_PREFIX = 'lender-api-pglite-template-';

/**
 * The migrated PGlite cluster that test databases start from: made once per schema (migrations
 * and PGlite version, `migrationsHash`) and kept in the temporary folder for later runs.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const templatePath = join(tmpdir(), `${TEMPLATE_PREFIX}${await migrationsHash()}.tar`);
  const template = await readFile(templatePath).catch(() => undefined);
  if (template) return new Blob([template]);
  const handle = await openDatabase({});
  let dump: Blob | undefined;
  try {
    await handle.migrate();
    dump = await handle.dump?.();
  } finally {
    await handle.close();
  }
  if (!dump) throw new Error('PGlite gave no dump of the migrated template');
  const partial = `${templatePath}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, templatePath);
  // Templates of earlier schemas are of no further use.
  for (const name of await readdir(tmpdir())) {
    if (name.startsWith(TEMPLATE_PREFIX) && join(tmpdir(), name) !== templatePath) {
      await rm(join(tmpdir(), name), { force: true });
    }
  }
  return dump;
}

async function openPgliteFromTemplate(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ pgliteTemplate: await migratedPgliteTemplate() });
  await handle.migrate(); // a no-op on the template, kept as a safety net
  return handle;
}

after(async () => {
  if (testDatabase) await (await testDatabase).close();
});

const tableNames = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/**
 * Empties every table and restarts the identities, so each test starts from an empty database.
 * What TRUNCATE … RESTART IDENTITY does, at a fraction of its cost on a test's few rows (TRUNCATE
 * gives every table and index new files: 140 ms a test on PGlite, 490 ms on PostgreSQL, against a
 * few ms here): DELETE with the foreign-key triggers off (session_replication_role, which needs a
 * superuser, as PGlite and CI's PostgreSQL are), then every sequence of the schema back to 1. A
 * server where that is not allowed gets the TRUNCATE.
 */
export async function resetDatabase(db: Database): Promise<void> {
  try {
    await db.execute(sql.raw(fastReset));
  } catch {
    await db.execute(sql.raw(`truncate ${tableNames.join(', ')} restart identity cascade`));
  }
}

const fastReset = `do $$
declare sequence_name text;
begin
  set local session_replication_role = replica;
  ${tableNames.map((name) => `delete from ${name};`).join(' ')}
  for sequence_name in select quote_ident(schemaname) || '.' || quote_ident(sequencename) from pg_sequences where schemaname = 'public' loop
    perform setval(sequence_name, 1, false);
  end loop;
end $$`;

export interface TestApp {
  app: App;
  db: Database;
  clock: TestClock;
  config: Config;
  /** Where stored files go (DATA_DIR/files). */
  filesDir: string;
}

export const ADMIN = { email: 'admin@lender.local', password: 'ChangeMe123!' };

/** MPESA_CALLBACK_SECRET of every test app: the paybill callbacks are registered under it. */
export const MPESA_TEST_SECRET = 'test-mpesa-callback-secret-0123456789';

/** The test configuration: what loadConfig makes of a test environment, plus any overrides. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STATIC_ROOT: join(dataDir, 'no-static-root'),
      MPESA_CALLBACK_SECRET: MPESA_TEST_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    }),
    ...overrides,
  };
}

/** Build options a test may add (the ageing pass's batch size and hooks, a logger to read). */
export type TestBuildOptions = Pick<BuildOptions, 'ageing' | 'logger'>;

/** Builds a ready app on an emptied database (the first admin is created as on a real first start). */
export async function build(
  t: TestContext,
  overrides: Partial<Config> = {},
  options: TestBuildOptions = {},
): Promise<TestApp> {
  const database = await (testDatabase ??= openTestDatabase());
  await resetDatabase(database.handle.db);
  const filesDir = join(database.dataDir, 'files');
  await rm(filesDir, { recursive: true, force: true });
  const clock = new TestClock();
  const config = testConfig(database.dataDir, overrides);
  const app = await buildApp(config, {
    clock,
    database: database.handle,
    logger: { level: config.logLevel },
    ...options,
  });
  t.after(() => app.close());
  await app.ready();
  return { app, db: database.handle.db, clock, config, filesDir };
}

/**
 * build() on the embedded database whatever DATABASE_URL says, for what only the embedded
 * database has (backups of DATA_DIR): a PGlite of its own, from the migrated template, closed
 * with the app. Runs the same in both of npm test's passes.
 */
export async function buildEmbedded(t: TestContext, overrides: Partial<Config> = {}): Promise<TestApp> {
  const handle = await openPgliteFromTemplate();
  const dataDir = await mkdtemp(join(tmpdir(), 'lender-api-embedded-'));
  const clock = new TestClock();
  const config = testConfig(dataDir, overrides);
  const app = await buildApp(config, { clock, database: handle, logger: { level: config.logLevel } });
  t.after(async () => {
    await app.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return { app, db: handle.db, clock, config, filesDir: join(dataDir, 'files') };
}

/**
 * Builds another app over the database of this file's last build(), as it stands (not emptied) and
 * on the same clock: the same data served with another configuration, as after a restart with
 * changed settings. Tokens signed by the first app stay valid (same test JWT secret).
 */
export async function rebuild(
  t: TestContext,
  previous: TestApp,
  overrides: Partial<Config> = {},
  options: TestBuildOptions = {},
): Promise<TestApp> {
  if (!testDatabase) throw new Error('rebuild() needs an app made by build() first');
  const database = await testDatabase;
  const config = testConfig(database.dataDir, overrides);
  const app = await buildApp(config, {
    clock: previous.clock,
    database: database.handle,
    logger: { level: config.logLevel },
    ...options,
  });
  t.after(() => app.close());
  await app.ready();
  return { app, db: database.handle.db, clock: previous.clock, config, filesDir: previous.filesDir };
}

/**
 * Another server instance over this file's database, as it stands, on the same clock: on
 * PostgreSQL the app opens its own connection pool from DATABASE_URL, as a second server would
 * (its own sessions, so its own advisory locks), and closes it; PGlite lives in this process, so
 * there the instances share its one handle, as rebuild() does.
 */
export async function buildInstance(
  t: TestContext,
  previous: TestApp,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  if (!testDatabase) throw new Error('buildInstance() needs an app made by build() first');
  const database = await testDatabase;
  if (!database.url) return rebuild(t, previous, overrides);
  const config = testConfig(database.dataDir, { ...overrides, databaseUrl: database.url });
  const app = await buildApp(config, { clock: previous.clock, logger: { level: config.logLevel } });
  t.after(() => app.close());
  await app.ready();
  return { app, db: app.db, clock: previous.clock, config, filesDir: previous.filesDir };
}

/** Adds a user straight to the database. */
export async function createUser(
  db: Database,
  user: {
    email: string;
    password: string;
    role: Role;
    isActive?: boolean;
    firstName?: string;
    lastName?: string;
  },
  createdAt: Date = TEST_START,
): Promise<UserRow> {
  return insertUser(db, {
    firstName: user.firstName ?? 'Test',
    lastName: user.lastName ?? user.role,
    email: user.email,
    passwordHash: await hashPassword(user.password),
    role: user.role,
    isActive: user.isActive ?? true,
    createdAt,
  });
}

export async function login(app: App, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
}

/** Signs in and returns the bearer header. */
/** A GET under /api that must answer 200, as its JSON (`url` as the contract's routes write it). */
export async function getOk<T>(app: App, headers: Record<string, string>, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json<T>();
}

export async function authHeader(
  app: App,
  email: string,
  password: string,
): Promise<{ authorization: string }> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`Sign-in failed for ${email}: ${response.body}`);
  return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
}
