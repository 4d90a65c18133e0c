/**
 * The API half of `npm run bench` (issue 9): starts the built server on a book, signs in as the
 * admin and as an officer through POST /api/users/login, and measures with autocannon, for each
 * role, the first page of every list, a customer search, a loan detail, the dashboard, the loan
 * report (all and this month) and the monthly pages; then a bare Fastify hello-world started in
 * the same run, the same way, as the machine's ceiling. Prints p50, p99, requests per second (and
 * as a % of the hello-world's), non-2xx answers and errors, the response size and one request on
 * its own. Prints figures; it is not a timed test.
 *
 *   node --import tsx src/scripts/bench-api.ts --database-url postgres://…/<copy of a book>   (or DATABASE_URL)
 *   node --import tsx src/scripts/bench-api.ts --data-dir <DATA_DIR holding a PGlite book>
 *     [--connections 32 (8 on PGlite)] [--duration 10] [--json out.json] [--smoke]
 *
 * --smoke: 1 connection, 1 s an endpoint, exits 1 on any non-2xx or connection error (the test
 * command runs it on a tiny book). The server's ageing pass writes to the book, and the bench waits
 * for it before measuring: run it on a copy (CREATE DATABASE x TEMPLATE book). Sign-in as
 * ADMIN_EMAIL / ADMIN_PASSWORD (default admin@lender.local / ChangeMe123!) and officer@lender.local
 * / Officer123!, the users `npm run seed:scale` creates.
 */
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_BASE, apiRoutes } from '@lender/shared/contract/routes';
import { pgliteFolder } from '../plugins/database';
import { freePort } from './free-port';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const fromCwd = (path: string) =>
  isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);

const smoke = args.includes('--smoke');
const dataDirOption = option('--data-dir');
const databaseUrl = dataDirOption ? undefined : (option('--database-url') ?? process.env.DATABASE_URL);
if (!databaseUrl && !dataDirOption) {
  console.error('bench-api: give --database-url (or DATABASE_URL) or --data-dir (a PGlite book).');
  process.exit(2);
}
const bookDataDir = dataDirOption ? fromCwd(dataDirOption) : undefined;
const connections = Number(option('--connections') ?? (smoke ? 1 : databaseUrl ? 32 : 8));
const duration = Number(option('--duration') ?? (smoke ? 1 : 10));
const jsonPath = option('--json');
const timeZone = process.env.LENDER_TZ ?? 'Africa/Nairobi';
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@lender.local',
  password: process.env.ADMIN_PASSWORD ?? 'ChangeMe123!',
};
const OFFICER = { email: 'officer@lender.local', password: 'Officer123!' };
/** A first name every seed:scale book holds. */
const SEARCH_NAME = 'Wanjiru';
/** Long enough for an unbounded answer on a big book to come back rather than count as an error. */
const REQUEST_TIMEOUT_S = 30;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** A deadline that does not keep the process alive once everything else is done. */
const deadline = (ms: number, value: string) =>
  new Promise<string>((done) => setTimeout(() => done(value), ms).unref());

/** Loans in the book, read before the server opens it (PGlite allows one process per folder). */
async function countLoans(): Promise<number> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>('select count(*) as n from loans')).rows[0]?.n);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(pgliteFolder(bookDataDir!));
  try {
    return Number((await db.query<{ n: string }>('select count(*)::text as n from loans')).rows[0]?.n);
  } finally {
    await db.close();
  }
}

interface Started {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

/** The built server (the sources through tsx when not built), on a free port. */
async function startServer(): Promise<Started & { ageingDone: Promise<string> }> {
  const port = await freePort();
  const built = join(apiRoot, 'dist/server.js');
  const command = existsSync(built) ? [built] : ['--import', 'tsx', join(apiRoot, 'src/server.ts')];
  // A throwaway DATA_DIR for PostgreSQL (it holds the JWT secret and uploads only).
  const dataDir = bookDataDir ?? (await mkdtemp(join(tmpdir(), 'lender-bench-api-')));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, command, {
    cwd: apiRoot,
    env: {
      ...env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // info, as `npm start` logs: request logs are part of what a request costs.
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ageingLine: (line: string) => void = () => {};
  const ageingDone = new Promise<string>((done) => (ageingLine = done));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    // Only the ageing pass's line is parsed: under load the request logs come by the thousand.
    for (const line of lines) if (line.includes('"Loan ageing pass')) ageingLine(line);
  });
  const exited = new Promise((done) => child.once('exit', done)).then(async () => {
    if (!bookDataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return { child, base: `http://127.0.0.1:${port}`, exited, ageingDone };
}

/** A bare Fastify answering {hello:'world'}, in its own process like the server. */
async function startHelloWorld(): Promise<Started> {
  const port = await freePort();
  const fastify = import.meta.resolve('fastify');
  const source = `const { default: Fastify } = await import(${JSON.stringify(fastify)});
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: apiRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

async function waitUntilUp(server: Started, url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${server.child.exitCode}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return Math.round(performance.now() - started);
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

interface Session {
  role: 'admin' | 'officer';
  token: string;
  userId: number;
}

async function signIn(base: string, credentials: { email: string; password: string }): Promise<Session> {
  const response = await fetch(`${base}${API_BASE}${apiRoutes.users.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await response.json()) as { access_token?: string; user?: { id: number; role: string } };
  if (!response.ok || !body.access_token || !body.user)
    throw new Error(`Sign-in as ${credentials.email} answered ${response.status}: ${JSON.stringify(body)}`);
  return { role: body.user.role as Session['role'], token: body.access_token, userId: body.user.id };
}

const query = (params: Record<string, string | number>) =>
  '?' +
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** The calls the remotes make for their pages, with the scope parameters they send (mf-* api slices). */
function endpoints(session: Session, loanId: number): { name: string; path: string }[] {
  const { role, userId } = session;
  const byOfficer = { role, officerId: userId }; // loans, repayments, applications
  const byUser = { role, userId }; // customers, monthly pages
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const r = apiRoutes;
  return [
    { name: 'active loans', path: r.loans.active + query({ ...byOfficer, page: 1 }) },
    { name: 'cleared loans', path: r.loans.paid + query({ ...byOfficer, page: 1 }) },
    { name: 'defaulted loans', path: r.loans.defaulted + query({ ...byOfficer, page: 1 }) },
    { name: 'pending disbursement', path: r.loans.pendingDisbursement + query({ ...byOfficer, page: 1 }) },
    { name: 'due today', path: r.loans.dueToday + query({ ...byOfficer, page: 1 }) },
    { name: 'due tomorrow', path: r.loans.dueTomorrow + query({ ...byOfficer, page: 1 }) },
    { name: 'due in 2-7 days', path: r.loans.due2to7 + query({ ...byOfficer, page: 1 }) },
    { name: 'customers', path: r.customers.list + query({ ...byUser, page: 1 }) },
    {
      name: `customers search '${SEARCH_NAME}'`,
      path: r.customers.list + query({ ...byUser, page: 1, search: SEARCH_NAME }),
    },
    { name: 'applications pending', path: r.applications.pending + query({ ...byOfficer, page: 1 }) },
    // The contract has no list of approved applications (an approved one is a loan: pending
    // disbursement). The rejected list is paged like the pending one.
    { name: 'applications rejected', path: r.applications.rejected + query({ ...byOfficer, page: 1 }) },
    { name: 'repayments all', path: r.repayments.list + query({ ...byOfficer, page: 1 }) },
    { name: 'repayments pending', path: r.repayments.pending + query({ ...byOfficer, page: 1 }) },
    { name: 'repayments approved', path: r.repayments.approved + query({ ...byOfficer, page: 1 }) },
    { name: 'loan detail', path: r.loans.byId(loanId) },
    { name: 'dashboard', path: r.loans.dashboard },
    { name: 'dashboard trends', path: r.loans.dashboardTrends },
    { name: 'loan report, all', path: r.loans.reports + query({ period: 'all', page: 1 }) },
    { name: 'loan report, this month', path: r.loans.reports + query({ period: 'this_month', page: 1 }) },
    {
      name: 'monthly active loans',
      path: r.loans.monthlyActive + query({ ...byUser, month, year, page: 1 }),
    },
    {
      name: 'monthly approved repayments',
      path: r.repayments.monthlyApproved + query({ ...byUser, month, year, page: 1 }),
    },
  ];
}

export interface Figures {
  endpoint: string;
  role: string;
  path: string;
  p50_ms: number | null;
  p99_ms: number | null;
  req_per_s: number;
  /** Responses within the run, and requests still running when it ended. */
  answered: number;
  unanswered: number;
  pct_of_hello_world: number | null;
  non_2xx: number;
  errors: number;
  /** Mean bytes a response (body and headers). */
  response_kb: number;
  /** One request alone, after a first one that warms the plan. */
  single_ms: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function measure(url: string, headers: Record<string, string>) {
  // Two requests one at a time first: the first warms caches and plans, the second is timed.
  let singleMs = 0;
  for (let k = 0; k < 2; k += 1) {
    const t0 = performance.now();
    await fetch(url, { headers })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    singleMs = performance.now() - t0;
  }
  const result = await autocannon({ url, headers, connections, duration, timeout: REQUEST_TIMEOUT_S });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  // Requests still running when the time is up are dropped by autocannon but not by the server:
  // one more request, queued behind them, lets them finish before the next endpoint is measured.
  const unanswered = Math.max(0, result.requests.sent - answered - result.errors);
  if (unanswered > 0)
    await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  return {
    // No answer at all within the run: no latency to give (a 0 would read as fast).
    p50_ms: answered ? round(result.latency.p50) : null,
    p99_ms: answered ? round(result.latency.p99) : null,
    req_per_s: round(answered / result.duration),
    answered,
    unanswered,
    non_2xx: result.non2xx,
    errors: result.errors,
    response_kb: answered ? round(result.throughput.total / answered / 1024) : 0,
    single_ms: round(singleMs),
  };
}

function printTable(rows: Record<string, string | number | null>[]) {
  const columns = Object.keys(rows[0] ?? {});
  const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((row) => text(row[c]).length)));
  const line = (cells: string[]) =>
    cells.map((cell, k) => (k < 2 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => text(row[c]))));
}

async function main() {
  const loanCount = await countLoans();
  const loadStart = loadavg();
  const server = await startServer();
  const hello = await startHelloWorld();
  const rows: Figures[] = [];
  let healthMs = 0;
  let ageing = '';
  // The hello-world is measured before and after the endpoints (the machine's load drifts over a
  // run); each endpoint's share is of the better of the two.
  let helloBefore: Awaited<ReturnType<typeof measure>>;
  let helloAfter: Awaited<ReturnType<typeof measure>>;
  try {
    healthMs = await waitUntilUp(server, `${server.base}${API_BASE}${apiRoutes.health}`, 15 * 60_000);
    // The start-up ageing pass writes to every loan due for it: measure after it, not during it.
    ageing = await Promise.race([server.ageingDone, deadline(30 * 60_000, 'not finished after 30 min')]);
    await waitUntilUp(hello, `${hello.base}/`, 30_000);

    const admin = await signIn(server.base, ADMIN);
    const officer = await signIn(server.base, OFFICER);
    // A loan in the officer's book (so in both roles' scope): the first of their active loans.
    const firstActive = await fetch(
      `${server.base}${API_BASE}${apiRoutes.loans.active}${query({ role: 'officer', officerId: officer.userId, page: 1 })}`,
      { headers: { authorization: `Bearer ${officer.token}` } },
    ).then((r) => r.json() as Promise<{ data?: { id: number }[] }>);
    const loanId = firstActive.data?.[0]?.id;
    if (loanId === undefined) throw new Error('The officer has no active loan to open: is the book loaded?');

    helloBefore = await measure(`${hello.base}/`, {});
    for (const session of [admin, officer]) {
      for (const { name, path } of endpoints(session, loanId)) {
        const figures = await measure(`${server.base}${API_BASE}${path}`, {
          authorization: `Bearer ${session.token}`,
        });
        rows.push({
          endpoint: name,
          role: session.role,
          path,
          ...figures,
          pct_of_hello_world: null,
        });
        if (smoke) process.stdout.write('.');
      }
    }
    if (smoke) process.stdout.write('\n');
    helloAfter = await measure(`${hello.base}/`, {});
    // The better of the two: the ceiling when the machine was least disturbed.
    const helloRate = Math.max(helloBefore.req_per_s, helloAfter.req_per_s);
    for (const row of rows)
      row.pct_of_hello_world = helloRate ? round((row.req_per_s / helloRate) * 100) : null;
  } finally {
    server.child.kill('SIGTERM');
    hello.child.kill('SIGTERM');
    await Promise.all([server.exited, hello.exited]);
  }
  const loadEnd = loadavg();

  const ageingEntry = (() => {
    try {
      return JSON.parse(ageing) as Record<string, unknown>;
    } catch {
      return { note: ageing };
    }
  })();
  const report = {
    database: databaseUrl ? 'postgresql' : 'pglite',
    loans: loanCount,
    connections,
    duration_s: duration,
    cpus: cpus().length,
    load_average_start: loadStart.map((l) => round(l, 2)),
    load_average_end: loadEnd.map((l) => round(l, 2)),
    time_to_health_ms: healthMs,
    ageing_pass: {
      ms: ageingEntry.ms,
      examined: ageingEntry.examined,
      changed: ageingEntry.changed,
      note: ageingEntry.note,
    },
    hello_world: {
      req_per_s: Math.max(helloBefore!.req_per_s, helloAfter!.req_per_s),
      before: helloBefore!,
      after: helloAfter!,
    },
    rows,
  };

  console.log(
    `\nAPI bench${smoke ? ' (smoke)' : ''}: ${report.database}, ${loanCount} loans, ${connections} connections, ${duration} s an endpoint, ${report.cpus} CPUs`,
  );
  console.log(
    `load average ${report.load_average_start.join(' ')} at the start, ${report.load_average_end.join(' ')} at the end; /api/health after ${healthMs} ms; start-up ageing pass ${String(ageingEntry.ms ?? '?')} ms (${String(ageingEntry.changed ?? '?')} of ${String(ageingEntry.examined ?? '?')} loans changed)`,
  );
  console.log(
    `hello-world (bare Fastify): ${report.hello_world.req_per_s} req/s (${helloBefore!.req_per_s} before the endpoints, p50 ${helloBefore!.p50_ms} ms, p99 ${helloBefore!.p99_ms} ms; ${helloAfter!.req_per_s} after, p50 ${helloAfter!.p50_ms} ms, p99 ${helloAfter!.p99_ms} ms)\n`,
  );
  printTable(
    rows.map((row) => ({
      endpoint: row.endpoint,
      role: row.role,
      'p50 ms': row.p50_ms,
      'p99 ms': row.p99_ms,
      'req/s': row.req_per_s,
      '% hello': row.pct_of_hello_world,
      answers: row.answered,
      'no answer': row.unanswered,
      'non-2xx': row.non_2xx,
      errors: row.errors,
      'KB/resp': row.response_kb,
      '1 req ms': row.single_ms,
    })),
  );
  if (jsonPath) await writeFile(fromCwd(jsonPath), JSON.stringify(report, null, 2) + '\n');

  const failed = rows.filter((row) => row.non_2xx > 0 || row.errors > 0 || row.answered === 0);
  if (failed.length > 0) {
    console.error(
      `\n${failed.length} endpoint(s) had non-2xx answers, errors or no answer at all: ${failed.map((row) => `${row.role} ${row.endpoint}`).join(', ')}`,
    );
    if (smoke) process.exitCode = 1;
  }
}

await main();
