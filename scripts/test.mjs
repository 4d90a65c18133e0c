// `npm test`: the full suite, as CI runs it. Installs, lints, type-checks, runs every package's
// unit and API tests (API tests on PGlite, and on PostgreSQL too when DATABASE_URL is set),
// builds the production bundle, smoke-runs the API benchmark, and runs the browser tests in real
// Chromium against it (on PGlite, and on PostgreSQL too when DATABASE_URL is set).
import { ensureChromium } from './ensure-chromium.mjs';
import { mustRun, packageManager } from './lib.mjs';

const started = Date.now();
const pm = ['--yes', packageManager];
const frozen = process.env.CI ? ['--frozen-lockfile'] : [];

await mustRun('Install', 'npx', [...pm, 'install', '--prefer-offline', ...frozen]);
await mustRun('Lint (eslint)', 'npx', [...pm, 'exec', 'eslint', '.', '--cache', '--max-warnings=0']);
await mustRun('Lint enforces each boundary (a file breaking one fails)', 'node', [
  '--test',
  'scripts/lint-boundaries.test.mjs',
]);
// Unused files, exports and dependencies (knip.jsonc names the entry points its plugins do not see).
await mustRun('Dead code (knip)', 'npx', [...pm, 'exec', 'knip']);
await mustRun('Format (prettier --check)', 'npx', [...pm, 'exec', 'prettier', '--check', '.']);
// One `tsc -b` over every package: shared is checked once, the others read its declarations.
await mustRun('Type-check (tsc, strict)', 'npx', [...pm, 'run', 'typecheck']);
await mustRun('Unit and component tests (shared, shell, remotes)', 'npx', [
  ...pm,
  '-r',
  '--workspace-concurrency=1',
  '--filter',
  './shared',
  '--filter',
  './shell',
  '--filter',
  './mf-*',
  'test',
]);

const { DATABASE_URL, ...withoutDatabase } = process.env;
await mustRun('API tests on PGlite', 'npx', [...pm, '--filter', './api', 'test'], { env: withoutDatabase });
if (DATABASE_URL) {
  await mustRun('API tests on PostgreSQL (DATABASE_URL)', 'npx', [...pm, '--filter', './api', 'test'], {
    env: process.env,
  });
}

await mustRun('Production build', 'npx', [...pm, 'run', 'build']);
// The API benchmark's smoke run: a 200-loan book (a scratch database on DATABASE_URL's server,
// else PGlite) and every endpoint of `npm run bench` once a second, failing on any non-2xx.
await mustRun('API bench smoke (tiny book, every endpoint 2xx)', 'node', [
  'scripts/bench.mjs',
  '--smoke',
  '--skip-web',
]);
const chrome = await ensureChromium();
await mustRun(
  'Browser tests on PGlite (Chromium, production build)',
  'npx',
  [...pm, '--filter', './e2e', 'test'],
  {
    env: { ...withoutDatabase, CHROME_PATH: chrome },
  },
);
if (DATABASE_URL) {
  // The same browser tests with the product on PostgreSQL: a fresh database per test file.
  await mustRun(
    'Browser tests on PostgreSQL (E2E_DATABASE_URL)',
    'npx',
    [...pm, '--filter', './e2e', 'test'],
    {
      env: { ...withoutDatabase, CHROME_PATH: chrome, E2E_DATABASE_URL: DATABASE_URL },
    },
  );
}

console.log(`\nAll checks passed in ${((Date.now() - started) / 60000).toFixed(1)} min.`);
