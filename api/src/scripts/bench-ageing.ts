/**
 * Measures a start on a database and the ageing pass that follows it (issue 9): the time until
 * GET /api/health answers 200, then the pass's duration, loans examined and changed, batches and
 * longest batch transaction, from the server's own 'Loan ageing pass' log line. Prints figures;
 * it is not a test.
 *
 *   DATABASE_URL=postgres://…/db node --import tsx src/scripts/bench-ageing.ts [--now 2025-09-01T07:00:00Z] [--json]
 *
 * `--now` fixes business time (LENDER_NOW) to age the book as of that day. The pass writes to the
 * database: run it on a copy of a shared benchmark book (CREATE DATABASE x TEMPLATE y).
 * Uses the built server (api/dist/server.js) when present, else the sources through tsx.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const databaseUrl = option('--database-url') ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL (or --database-url) to the PostgreSQL database to start on.');
  process.exit(1);
}
const now = option('--now');
const asJson = args.includes('--json');

interface PassLog {
  ran: boolean;
  examined: number;
  changed: number;
  batches: number;
  longestBatchMs: number;
  ms: number;
  asOf: string;
}

async function main() {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'lender-bench-ageing-'));
  const built = join(apiRoot, 'dist/server.js');
  const command = existsSync(built) ? [built] : ['--import', 'tsx', join(apiRoot, 'src/server.ts')];
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      RATE_LIMIT_MAX: '100000',
      ...(now ? { LENDER_NOW: now } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pass: PassLog | undefined;
  let passSeenAt = 0;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as { msg?: string } & Partial<PassLog>;
        if (entry.msg === 'Loan ageing pass') {
          pass = entry as PassLog;
          passSeenAt = performance.now();
        } else if (entry.msg?.startsWith('Loan ageing pass failed')) {
          console.error(line);
        }
      } catch {
        // not a log line
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  let healthMs: number | undefined;
  let healthAnswers = 0;
  let slowestHealthMs = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
      const t0 = performance.now();
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        healthMs ??= Math.round(performance.now() - started);
        healthAnswers += 1;
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - t0);
      }
      if (pass) break;
      await new Promise((resolve) => setTimeout(resolve, ok ? 250 : 50));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  const figures = {
    time_to_health_ms: healthMs,
    pass_as_of: pass?.asOf,
    pass_ms: pass?.ms,
    pass_finished_after_start_ms: Math.round(passSeenAt - started),
    loans_examined: pass?.examined,
    loans_changed: pass?.changed,
    batches: pass?.batches,
    longest_batch_transaction_ms: pass?.longestBatchMs,
    health_checks_during_pass: healthAnswers,
    slowest_health_during_pass_ms: Math.round(slowestHealthMs),
  };
  if (asJson) console.log(JSON.stringify(figures));
  else for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(32)} ${value}`);
}

await main();
