// `npm run bench`: the figures of issue 9. Prints figures; it asserts nothing (except --smoke).
//
//   npm run bench -- [--skip-web] [--skip-large] [--skip-pglite] [--loans-small 10000]
//                    [--loans-large 1000000] [--connections 32] [--duration 10] [--json out.json]
//                    [--no-build] [--smoke] [--summarize saved.json]
//
// 1. The frontend bench (e2e/bench/web.ts; --no-build and --smoke are passed to it).
// 2. With DATABASE_URL (a PostgreSQL server the user may create databases on): books of
//    --loans-small and --loans-large loans kept as template databases lender_bench_10k and
//    lender_bench_1m (named from the counts; loaded by seed:scale when missing, which takes a while
//    at 1M). For each: a copy (CREATE DATABASE … TEMPLATE), bench-ageing on it (time to /api/health
//    and the ageing pass, since the book was loaded on an earlier day), then bench-api on the aged
//    copy, then the copy is dropped. Then the p99 ratio large/small of each endpoint, and each
//    figure against the targets of issue 9 (--summarize prints this again from a --json file).
// 3. PGlite: a book of --loans-small loans loaded into a temporary DATA_DIR, bench-api at 8 connections.
//
// --smoke (what `npm test` runs, with --skip-web): a 200-loan book (a scratch database
// lender_bench_smoke_<pid> when DATABASE_URL is set, else PGlite in a temporary folder) and
// `bench-api --smoke`, which fails on any non-2xx answer.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';

const apiRoot = path.join(root, 'api');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const smoke = flag('--smoke');
const loansSmall = Number(option('--loans-small', smoke ? 200 : 10_000));
const loansLarge = Number(option('--loans-large', 1_000_000));
const connections = option('--connections');
const duration = option('--duration');
const jsonPath = option('--json');
const databaseUrl = process.env.DATABASE_URL;
const pg = createRequire(path.join(apiRoot, 'package.json'))('pg');

const label = (loans) =>
  loans >= 1_000_000 && loans % 1_000_000 === 0
    ? `${loans / 1_000_000}m`
    : loans >= 1000 && loans % 1000 === 0
      ? `${loans / 1000}k`
      : String(loans);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// Thrown, not process.exit: the finally blocks drop the scratch databases and folders.
const fail = (message) => {
  throw new Error(message);
};
async function mustRun(what, command, commandArgs, options) {
  const code = await run(command, commandArgs, options);
  if (code !== 0) fail(`${what} failed (exit ${code})`);
}

/** Runs a tsx script of api/src/scripts; stdout is inherited unless captured. */
function apiScript(script, scriptArgs, env, capture = false) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/scripts/${script}`, ...scriptArgs], {
      cwd: apiRoot,
      env,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk) => (out += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

/** The same server as DATABASE_URL, another database. */
const urlOf = (database) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
async function admin(statements) {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    const results = [];
    for (const statement of [statements].flat()) results.push((await client.query(statement)).rows);
    return results;
  } finally {
    await client.end();
  }
}
const exists = async (database) =>
  (await admin(`select 1 from pg_database where datname = '${database}'`))[0].length > 0;
const dropDatabase = (database) => admin(`drop database if exists ${database} with (force)`);

/** seed:scale into DATABASE_URL=url, or into the PGlite of dataDir. */
async function seed(loans, { url, dataDir }) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const started = Date.now();
  console.log(
    `\n▶ seed:scale --loans ${loans} into ${url ? url.replace(/\/\/[^@]*@/, '//') : `PGlite ${dataDir}`}`,
  );
  const { code } = await apiScript(
    'seed-scale.ts',
    ['--loans', String(loans)],
    url ? { ...env, DATABASE_URL: url } : { ...env, DATA_DIR: dataDir },
  );
  if (code !== 0) fail(`seed:scale --loans ${loans} failed (exit ${code})`);
  console.log(`✔ book of ${loans} loans loaded in ${seconds(Date.now() - started)}`);
}

/** bench-api on a book; returns its JSON figures. */
async function benchApi(target, extra = []) {
  const dir = await mkdtemp(path.join(tmpdir(), 'lender-bench-json-'));
  const file = path.join(dir, 'api.json');
  try {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const { code } = await apiScript(
      'bench-api.ts',
      [
        ...target,
        ...(smoke ? ['--smoke'] : []),
        ...(connections ? ['--connections', connections] : []),
        ...(duration ? ['--duration', duration] : []),
        ...extra,
        '--json',
        file,
      ],
      env,
    );
    if (code !== 0) fail(`bench-api ${target.join(' ')} failed (exit ${code})`);
    return JSON.parse(await readFile(file, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Template database of a book of `loans` loans, loaded once (into …_loading, renamed when whole). */
async function ensureTemplate(loans) {
  const name = `lender_bench_${label(loans)}`;
  if (await exists(name)) {
    console.log(`\nBook ${name} is there (drop it to load it anew).`);
    // Migrations added since it was loaded are applied to the template once, so that a copy's
    // start-up measures the server, not a migration building indexes over the book.
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const { code } = await apiScript('migrate.ts', [], { ...env, DATABASE_URL: urlOf(name) });
    if (code !== 0) fail(`db:migrate on ${name} failed (exit ${code})`);
    return name;
  }
  const loading = `${name}_loading`;
  await dropDatabase(loading);
  await admin(`create database ${loading}`);
  await seed(loans, { url: urlOf(loading) });
  await admin(`alter database ${loading} rename to ${name}`);
  return name;
}

/** A copy of the template: the ageing pass, then the API, then the copy is dropped. */
async function benchPostgresBook(loans) {
  const template = await ensureTemplate(loans);
  const copy = `lender_bench_run_${process.pid}_${label(loans)}`;
  await dropDatabase(copy);
  await admin(`create database ${copy} template ${template}`);
  try {
    console.log(`\n▶ bench-ageing on ${copy} (a copy of ${template})`);
    const ageing = await apiScript(
      'bench-ageing.ts',
      ['--database-url', urlOf(copy), '--json'],
      process.env,
      true,
    );
    if (ageing.code !== 0) fail(`bench-ageing failed (exit ${ageing.code})`);
    const ageingFigures = JSON.parse(ageing.out.trim().split('\n').pop());
    for (const [key, value] of Object.entries(ageingFigures)) console.log(`  ${key.padEnd(32)} ${value}`);
    console.log(`\n▶ bench-api on ${copy}`);
    const api = await benchApi(['--database-url', urlOf(copy)]);
    return { template, ageing: ageingFigures, api };
  } finally {
    await dropDatabase(copy);
  }
}

async function benchPgliteBook(loans) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lender-bench-pglite-'));
  try {
    await seed(loans, { dataDir });
    console.log(`\n▶ bench-api on PGlite (${loans} loans)`);
    return { api: await benchApi(['--data-dir', dataDir]) };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function smokeRun() {
  if (databaseUrl) {
    const scratch = `lender_bench_smoke_${process.pid}`;
    await dropDatabase(scratch);
    await admin(`create database ${scratch}`);
    try {
      await seed(loansSmall, { url: urlOf(scratch) });
      await benchApi(['--database-url', urlOf(scratch)]);
    } finally {
      await dropDatabase(scratch);
    }
  } else {
    await benchPgliteBook(loansSmall);
  }
}

/** Each book's start-up and ageing, the p99 ratio large/small per endpoint, the targets met or missed. */
function summarize(report) {
  const fixed = (values) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(`\n=== API bench summary${report.elapsed_ms ? ` (${seconds(report.elapsed_ms)})` : ''} ===`);
  console.log(
    `load average ${fixed(report.load_average_start)} at the start, ${fixed(report.load_average_end)} at the end`,
  );
  for (const [name, { ageing, api }] of Object.entries(report.runs)) {
    const ageingText = ageing
      ? `; after a start: /api/health in ${ageing.time_to_health_ms} ms, ageing pass ${ageing.pass_ms} ms over ${ageing.loans_examined} loans (${ageing.loans_changed} changed, longest batch ${ageing.longest_batch_transaction_ms} ms)`
      : '';
    console.log(
      `${name}: ${api.loans} loans, ${api.connections} connections, hello-world ${api.hello_world.req_per_s} req/s, load ${fixed(api.load_average_start)} → ${fixed(api.load_average_end)}${ageingText}`,
    );
  }
  const small = report.runs[`postgresql_${label(loansSmall)}`]?.api;
  const large = report.runs[`postgresql_${label(loansLarge)}`]?.api;
  if (small && large) {
    const key = (row) => `${row.endpoint} (${row.role})`;
    const smallRows = new Map(small.rows.map((row) => [key(row), row]));
    report.p99_ratio = {};
    const width = Math.max(...large.rows.map((row) => key(row).length));
    console.log(`\np99 ${label(loansLarge)} / ${label(loansSmall)} (PostgreSQL):`);
    for (const row of large.rows) {
      const base = smallRows.get(key(row));
      const ratio = base?.p99_ms > 0 && row.p99_ms !== null ? row.p99_ms / base.p99_ms : null;
      report.p99_ratio[key(row)] = ratio;
      console.log(
        `  ${key(row).padEnd(width)}  ${String(base?.p99_ms ?? '—').padStart(7)} ms → ${(row.p99_ms === null ? 'no answer' : `${row.p99_ms} ms`).padStart(10)}  ${ratio === null ? '—' : `×${ratio.toFixed(2)}`}`,
      );
    }
  }

  // The targets of issue 9, row by row: at 1M on PostgreSQL (shown for the small book too when the
  // large one was skipped, for reference), and p99 ≤ 100 ms on PGlite at 10k.
  const isList = (row) => !/^(loan detail|dashboard|loan report|monthly)/.test(row.endpoint);
  const pgTarget = (row) => {
    if (isList(row) || row.endpoint === 'loan detail' || row.endpoint === 'dashboard') return 50;
    return row.endpoint.startsWith('loan report') ? 200 : null;
  };
  const verdicts = [];
  const judge = (name, api, p99Target) => {
    for (const row of api.rows) {
      const limit = p99Target(row);
      if (limit !== null)
        verdicts.push({
          name,
          row,
          what: `p99 ≤ ${limit} ms`,
          ok: row.p99_ms !== null && row.p99_ms <= limit,
          got: row.p99_ms === null ? 'no answer within the run' : `${row.p99_ms} ms`,
        });
    }
    for (const row of api.rows.filter((r) => r.endpoint === 'active loans' && p99Target === pgTarget))
      verdicts.push({
        name,
        row,
        what: '≥ 30 % of hello-world req/s',
        ok: row.pct_of_hello_world >= 30,
        got: `${row.pct_of_hello_world} %`,
      });
  };
  if (large ?? small) judge(`postgresql_${label(large ? loansLarge : loansSmall)}`, large ?? small, pgTarget);
  const pglite = report.runs[`pglite_${label(loansSmall)}`]?.api;
  if (pglite) judge(`pglite_${label(loansSmall)}`, pglite, () => 100);
  if (small && large)
    for (const row of large.rows.filter((r) => isList(r) || r.endpoint === 'dashboard')) {
      const ratio = report.p99_ratio[`${row.endpoint} (${row.role})`];
      if (ratio !== null && ratio !== undefined)
        verdicts.push({
          name: 'p99 ratio',
          row,
          what: '≤ 2× from small to large',
          ok: ratio <= 2,
          got: `×${ratio.toFixed(2)}`,
        });
    }
  report.targets = verdicts.map(({ name, row, what, ok, got }) => ({
    run: name,
    endpoint: row.endpoint,
    role: row.role,
    target: what,
    got,
    met: ok,
  }));
  const missed = verdicts.filter((v) => !v.ok);
  console.log(
    `\nTargets of issue 9: ${verdicts.length - missed.length} of ${verdicts.length} met${large ? '' : ' (PostgreSQL targets are set at 1M; the small book is judged for reference)'}`,
  );
  for (const { name, row, what, got } of missed)
    console.log(`  missed  ${name}  ${row.endpoint} (${row.role}): ${what}, got ${got}`);
}

async function main() {
  const started = Date.now();
  const loadStart = loadavg();
  const report = { load_average_start: loadStart, runs: {} };

  if (!flag('--skip-web')) {
    const webJson = jsonPath
      ? path.resolve(process.env.INIT_CWD ?? process.cwd(), `${jsonPath}.web.json`)
      : undefined;
    await mustRun('The frontend bench', process.execPath, [
      path.join(root, 'scripts/pnpm.mjs'),
      '--filter',
      './e2e',
      'bench',
      ...(smoke ? ['--smoke'] : []),
      ...(flag('--no-build') ? ['--no-build'] : []),
      ...(webJson ? ['--json', webJson] : []),
    ]);
    if (webJson) report.web = JSON.parse(await readFile(webJson, 'utf8'));
  }

  if (smoke) {
    await smokeRun();
    console.log(`\n✔ API bench smoke in ${seconds(Date.now() - started)}`);
    return;
  }

  if (databaseUrl) {
    report.runs[`postgresql_${label(loansSmall)}`] = await benchPostgresBook(loansSmall);
    if (!flag('--skip-large'))
      report.runs[`postgresql_${label(loansLarge)}`] = await benchPostgresBook(loansLarge);
  } else {
    console.log('\nDATABASE_URL is not set: the PostgreSQL books (small and large) are skipped.');
  }
  if (!flag('--skip-pglite')) report.runs[`pglite_${label(loansSmall)}`] = await benchPgliteBook(loansSmall);
  report.load_average_end = loadavg();

  report.elapsed_ms = Date.now() - started;
  summarize(report);
  if (jsonPath) {
    await writeFile(
      path.resolve(process.env.INIT_CWD ?? process.cwd(), jsonPath),
      JSON.stringify(report, null, 2) + '\n',
    );
  }
}

try {
  // --summarize <json>: prints the summary of a saved run again (its --json file).
  const saved = option('--summarize');
  if (saved) summarize(JSON.parse(await readFile(saved, 'utf8')));
  else await main();
} catch (error) {
  console.error(`✖ bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
