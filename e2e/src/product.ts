import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-pass-2026' };

export interface RunningProduct {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * E2E_DATABASE_URL (a PostgreSQL server the tests may create databases on) runs the product on
 * PostgreSQL instead of the embedded PGlite: each data folder gets its own database, named after
 * the folder so that a product restarted on the same folder finds the same data.
 */
const serverUrl = process.env.E2E_DATABASE_URL?.trim() || undefined;

function databaseFor(dataDir: string): { name: string; url: string } | undefined {
  if (!serverUrl) return undefined;
  const name = `lender_e2e_${path
    .basename(dataDir)
    .replace(/[^a-zA-Z0-9]/g, '_')
    .toLowerCase()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createDatabaseIfMissing(name: string): Promise<void> {
  try {
    await onServer(`create database "${name}"`);
  } catch (error) {
    // 42P04: it already exists, which is what a restart on the same data folder expects.
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
}

/** Removes a data folder and, with E2E_DATABASE_URL, its database. */
export async function removeData(dataDir: string): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  const database = databaseFor(dataDir);
  if (database) await onServer(`drop database if exists "${database.name}" with (force)`);
}

/**
 * Starts the product with the README's start command (`npm start`), on a free port and a fresh
 * data folder (embedded PGlite, or a fresh PostgreSQL database with E2E_DATABASE_URL), and waits
 * until /api/health answers.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: { dataDir?: string; serveBuiltOnly?: boolean; port?: number } = {},
): Promise<RunningProduct> {
  // A given port: a restart on the same data that the open pages keep talking to.
  const port = options.port ?? (await freePort());
  // A given data folder outlives this run (a test restarts the product on it); a fresh one does not.
  const keepData = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'lender-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
  const database = databaseFor(dataDir);
  if (database) await createDatabaseIfMissing(database.name);
  // serveBuiltOnly: what `npm start` serves, minus its rebuild of stale packages (a benchmark
  // measuring a build while others edit the sources).
  const [command, args] = options.serveBuiltOnly
    ? [process.execPath, [path.join(repoRoot, 'api/dist/server.js')]]
    : ['npm', ['start', '--silent']];
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    env: {
      ...baseEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LENDER_SKIP_INSTALL: '1',
      LOG_LEVEL: 'warn',
      ...(options.serveBuiltOnly ? { NODE_ENV: process.env.NODE_ENV ?? 'production' } : {}),
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      // The server gives itself 10 s to finish requests and close the database before it exits.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    if (!keepData) await removeData(dataDir);
  };

  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, dataDir, output: () => log, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`The product did not start on ${url}:\n${log}`);
}

/** Signs in through the API; for setting up data, never for what a test asserts. */
export async function apiLogin(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string; message?: string };
  if (!response.ok || !body.access_token) throw new Error(`login failed: ${body.message}`);
  return body.access_token;
}
