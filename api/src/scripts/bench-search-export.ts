/**
 * Measures the header search and the CSV export on a big book (issue 14): the search's latency
 * for each kind of term (median of 7), and whole exports streamed over HTTP — rows, bytes, seconds
 * and the server's resident memory before and at its peak during each download (sampled from /proc
 * every 20 ms). Prints figures; it is not a test.
 *
 *   DATABASE_URL=postgres://…/book [EXPORT_LIST=paid] [EXPORT_PATHS=/exports/a.csv,…] npm run bench:search-export
 *
 * EXPORT_PATHS (comma-separated API paths) replaces the default exports: the loan list EXPORT_LIST
 * and the loan report of the whole book (every disbursed loan: about 1M rows on a 1M book).
 *
 * Runs the built server (api/dist/server.js) when present, else the sources through tsx. Reads
 * only: a seed:scale book is left as it was (apart from sign-ins and the ageing pass).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set DATABASE_URL to the PostgreSQL database of a seed:scale book.');
  process.exit(1);
}
/** EXPORT_LIST: which loan list to export (default active). */
const exportList = process.env.EXPORT_LIST ?? 'active';
const exportPaths = (
  process.env.EXPORT_PATHS ?? `/exports/loans.csv?list=${exportList},/exports/loan-report.csv?period=all`
)
  .split(',')
  .filter(Boolean);
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@lender.local',
  password: process.env.ADMIN_PASSWORD ?? 'ChangeMe123!',
};

/** The resident memory of a process, in MB, from /proc. */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'lender-bench-search-'));
  const built = join(apiRoot, 'dist/server.js');
  const command = existsSync(built) ? [built] : ['--import', 'tsx', join(apiRoot, 'src/server.ts')];
  const server = spawn(process.execPath, command, {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (let i = 0; ; i += 1) {
      const health = await fetch(`${base}/health`).catch(() => undefined);
      if (health?.ok) break;
      if (i > 600) throw new Error('the server did not start in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await fetch(`${base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const customer = ((await get('/customers?page=1')).data as Record<string, string>[])[0];
    const loan = ((await get('/loans/loan-details?page=1')).data as Record<string, string>[])[0];
    const repayment = ((await get('/repayments?page=1')).data as Record<string, string>[])[0];
    if (!customer || !loan || !repayment) throw new Error('The book is empty: run seed:scale first.');
    const loanDetail = await get(`/loans/${loan.id}`);
    const terms: [string, string][] = [
      ['name', String(customer.first_name ?? customer.firstName ?? 'Wanjiku')],
      ['full name', `${customer.first_name} ${customer.last_name}`],
      ['phone 07…', String(customer.phone).replace('+254', '0')],
      ['national ID', String(customer.national_id)],
      ['account number', String(loan.account_number)],
      ['IMEI', String(loanDetail.imei ?? '')],
      ['M-Pesa code', String(repayment.mpesa_code)],
      ['part of a code', String(repayment.mpesa_code).slice(2, 7)],
      ['a name nobody has', 'Zzyzxqwv'],
    ];
    console.log('Header search (GET /api/search), median of 7 after one warm-up:');
    for (const [label, q] of terms) {
      if (!q) continue;
      await get(`/search?q=${encodeURIComponent(q)}`);
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < 7; i += 1) {
        const started = performance.now();
        const results = await get(`/search?q=${encodeURIComponent(q)}`);
        times.push(performance.now() - started);
        found = ['customers', 'loans', 'repayments'].reduce(
          (n, key) => n + (results[key] as unknown[]).length,
          0,
        );
      }
      console.log(
        `  ${label.padEnd(18)} ${median(times).toFixed(1).padStart(7)} ms  (${found} found, "${q}")`,
      );
    }

    const pid = server.pid ?? 0;
    for (const path of exportPaths) {
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      let bytes = 0;
      let lines = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        bytes += chunk.value.byteLength;
        for (const byte of chunk.value) if (byte === 10) lines += 1;
      }
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `Export (GET /api${path}): ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during (+${(peak - before).toFixed(0)} MB)`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
