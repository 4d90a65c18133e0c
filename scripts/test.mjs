// `npm test`: the full suite, as CI runs it. Installs, then runs side by side on the machine's
// cores (scripts/stages.mjs): lint, types, every package's unit and component tests, the API
// tests on PGlite (and on PostgreSQL too when DATABASE_URL is set), the production build, the API
// benchmark's smoke run and the browser tests in real Chromium against that build. It ends with
// the time and test count of every stage, and a warning when the run is over its budget.
//
// What runs on both databases, and why (docs/development.md, "The test budget"):
// - the API tests, on both: they are where the SQL runs, and PGlite and PostgreSQL differ in
//   locking, connections and concurrency;
// - the browser tests, every file once on PGlite (what `npm start` runs by default), and again on
//   PostgreSQL only the files in BROWSER_FILES_ON_POSTGRES: the browser layer is the same over
//   either database, so only the journey whose writes arrive from outside while pages refresh
//   (paybill callbacks landing on a pooled server, the open pages catching up) is run there too;
//   a loan's whole life on PostgreSQL is the API suite's lifecycle tests.
import os from 'node:os';
import { findChromium } from './ensure-chromium.mjs';
import { packageManager } from './lib.mjs';
import { printSummary, runStages } from './stages.mjs';

/** The browser test files run a second time with the product on PostgreSQL (see above). */
const BROWSER_FILES_ON_POSTGRES = ['tests/mpesa-paybill.test.ts'];
/** Minutes the whole run may take before it warns (CI allows 90 on a machine up to 4× slower). */
const BUDGET_MINUTES = 30;

const pm = ['--yes', packageManager];
const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
const jobs = Number(process.env.TEST_JOBS) || os.availableParallelism();

const { DATABASE_URL, ...withoutDatabase } = process.env;
const pnpm = (...args) => ({ command: 'npx', args: [...pm, ...args] });
// Read when the browser tests start, after the Chromium stage found or installed it.
const browserEnv = () => ({ ...withoutDatabase, CHROME_PATH: findChromium() });

/** @type {import('./stages.mjs').Stage[]} in the order they start when a slot is free. */
const stages = [
  { id: 'install', label: 'Install', ...pnpm('install', '--prefer-offline', ...frozen) },
  // An apt-get install on a fresh machine, while the dependencies install.
  { id: 'chromium', label: 'Chromium', command: 'node', args: ['scripts/ensure-chromium.mjs'] },
  // The longest chain first: the build, then the browser tests against it.
  { id: 'build', label: 'Production build', ...pnpm('run', 'build') },
  {
    id: 'e2e',
    label: 'Browser tests on PGlite (Chromium, production build)',
    needs: ['build', 'chromium'],
    ...pnpm('--filter', './e2e', 'test'),
    env: browserEnv,
  },
  {
    id: 'api-pglite',
    label: 'API tests on PGlite',
    ...pnpm('--filter', './api', 'test'),
    env: withoutDatabase,
  },
  ...(DATABASE_URL
    ? [
        {
          id: 'api-postgres',
          label: 'API tests on PostgreSQL (DATABASE_URL)',
          ...pnpm('--filter', './api', 'test'),
        },
      ]
    : []),
  {
    id: 'jest',
    label: 'Unit and component tests (shared, shell, remotes)',
    ...pnpm(
      '-r',
      '--workspace-concurrency=1',
      '--filter',
      './shared',
      '--filter',
      './shell',
      '--filter',
      './mf-*',
      'test',
    ),
  },
  { id: 'eslint', label: 'Lint (eslint)', ...pnpm('exec', 'eslint', '.', '--cache', '--max-warnings=0') },
  // One `tsc -b` over every package: shared is checked once, the others read its declarations.
  { id: 'tsc', label: 'Type-check (tsc, strict)', ...pnpm('run', 'typecheck') },
  // A 200-loan book (a scratch database on DATABASE_URL's server, else PGlite) and every endpoint
  // of `npm run bench` once a second, failing on any non-2xx.
  {
    id: 'bench',
    label: 'API bench smoke (tiny book, every endpoint 2xx)',
    needs: ['build'],
    command: 'node',
    args: ['scripts/bench.mjs', '--smoke', '--skip-web'],
  },
  ...(DATABASE_URL
    ? [
        {
          id: 'e2e-postgres',
          label: `Browser tests on PostgreSQL (${BROWSER_FILES_ON_POSTGRES.join(', ')})`,
          needs: ['build', 'chromium'],
          ...pnpm('--filter', './e2e', 'test:files', ...BROWSER_FILES_ON_POSTGRES),
          env: () => ({ ...browserEnv(), E2E_DATABASE_URL: DATABASE_URL }),
        },
      ]
    : []),
  {
    id: 'scripts',
    label:
      'Lint enforces each boundary; no import cycles between folders; the stage runner; one list of the apps; each loan list defined once; the commands the demo prints',
    command: 'node',
    args: [
      '--test',
      'scripts/lint-boundaries.test.mjs',
      'scripts/stages.test.mjs',
      'scripts/one-app-registry.test.mjs',
      'scripts/import-arrows.test.mjs',
      'scripts/one-list-definition.test.mjs',
      'scripts/demo-commands.test.mjs',
    ],
  },
  // Unused files, exports and dependencies (knip.jsonc names the entry points its plugins do not see).
  { id: 'knip', label: 'Dead code (knip)', ...pnpm('exec', 'knip') },
  { id: 'prettier', label: 'Format (prettier --check)', ...pnpm('exec', 'prettier', '--check', '.') },
];

for (const stage of stages) {
  if (stage.id !== 'install' && stage.id !== 'chromium') stage.needs = ['install', ...(stage.needs ?? [])];
}

console.log(`\nRunning ${stages.length} stages, ${jobs} at a time (TEST_JOBS to change).`);
const outcome = await runStages(stages, { jobs });
printSummary(stages, outcome, { budgetMinutes: BUDGET_MINUTES });
const failed = [...outcome.results.values()].some((result) => result.status !== 'passed');
process.exit(failed ? 1 : 0);
