// `npm run test:changed`: the tests a change touches, in a few minutes, while working. The change
// is what differs from HEAD (staged, unstaged and new files), or from a ref with `--since <ref>`
// (`--since main` on a branch). It runs, side by side like `npm test`:
// - ESLint and Prettier on the changed files, and `tsc -b` (incremental) when a .ts(x) changed;
// - the jest tests of each changed frontend package (all of them when `shared/` changed);
// - the API test files that import a changed file, directly or through others (the whole API
//   suite when a migration, the schema or the test helpers changed), on PGlite, and on PostgreSQL
//   too when DATABASE_URL is set;
// - the browser test files that cover a changed frontend package (BROWSER_COVERAGE), after a
//   build of what is out of date; `--no-browser` leaves them out.
// `--dry-run` prints the plan without running it. `npm test` remains the whole suite.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from './ensure-chromium.mjs';
import { apps, packageManager, root, staleBuilds } from './lib.mjs';
import { printSummary, runStages } from './stages.mjs';

/** The frontend packages whose pages each browser test file opens (`apps`: all of them). */
const BROWSER_COVERAGE = {
  'tests/accessibility.test.ts': apps,
  'tests/collections.test.ts': ['mf-loans'],
  'tests/customers.test.ts': ['mf-customers'],
  'tests/dashboard-trends.test.ts': ['mf-loans'],
  'tests/device-lock.test.ts': ['mf-loans'],
  'tests/layout.test.ts': apps,
  'tests/loans.test.ts': ['shell', 'mf-customers', 'mf-loans'],
  'tests/mpesa-paybill.test.ts': ['mf-loans', 'mf-repayments'],
  'tests/page-weight.test.ts': apps,
  'tests/remote-deploy.test.ts': ['shell', 'mf-repayments'],
  'tests/repayments.test.ts': ['mf-loans', 'mf-repayments'],
  'tests/skeleton.test.ts': ['shell', 'mf-customers', 'mf-loans', 'mf-admin'],
};

const argv = process.argv.slice(2);
const sinceAt = argv.indexOf('--since');
const since = sinceAt >= 0 ? argv[sinceAt + 1] : undefined;
const dryRun = argv.includes('--dry-run');
const withBrowser = !argv.includes('--no-browser');

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const changed = [
  ...new Set([
    ...git('diff', '--name-only', since ? `${since}...HEAD` : 'HEAD'),
    ...(since ? git('diff', '--name-only', 'HEAD') : []),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].sort();

if (changed.length === 0) {
  console.log(`Nothing changed since ${since ?? 'HEAD'}: no test to run.`);
  process.exit(0);
}

const packageOf = (file) => file.split('/')[0];
const changedPackages = new Set(changed.map(packageOf));
const frontends = ['shared', ...apps];
const sharedChanged = changedPackages.has('shared');

// Jest: the changed frontend packages, or every one when shared (their common code) changed.
const jestPackages = frontends.filter((pkg) => sharedChanged || changedPackages.has(pkg));

// API: the test files that reach a changed file through their relative and @lender/shared imports.
const apiTests = apiTestsTouchedBy(changed.filter((file) => existsSync(path.join(root, file))));

// Browser: the files covering a changed app (the shell or a remote); all of them when shared did.
const changedApps = apps.filter((app) => sharedChanged || changedPackages.has(app));
const browserFiles = withBrowser
  ? Object.entries(BROWSER_COVERAGE)
      .filter(
        ([file, covers]) =>
          covers.some((app) => changedApps.includes(app)) || changed.includes(`e2e/${file}`),
      )
      .map(([file]) => file)
  : [];

const lintable = changed.filter(
  (file) => /\.(m?[jt]sx?|cjs)$/.test(file) && existsSync(path.join(root, file)),
);
const formattable = changed.filter((file) => existsSync(path.join(root, file)));
const typed = changed.some((file) => /\.tsx?$/.test(file));

const pm = ['--yes', packageManager];
const pnpm = (...args) => ({ command: 'npx', args: [...pm, ...args] });
const { DATABASE_URL, ...withoutDatabase } = process.env;
const stale = staleBuilds();

/** @type {import('./stages.mjs').Stage[]} */
const stages = [
  ...(browserFiles.length > 0 && stale.length > 0
    ? [
        {
          id: 'build',
          label: `Build what is out of date (${stale.join(', ')})`,
          ...pnpm('-r', ...stale.flatMap((dir) => ['--filter', `./${dir}`]), 'build'),
        },
      ]
    : []),
  ...(browserFiles.length > 0
    ? [
        {
          id: 'e2e',
          label: `Browser tests: ${browserFiles.join(', ')}`,
          needs: stale.length > 0 ? ['build'] : [],
          ...pnpm('--filter', './e2e', 'test:files', ...browserFiles),
          env: () => ({ ...withoutDatabase, ...(findChromium() ? { CHROME_PATH: findChromium() } : {}) }),
        },
      ]
    : []),
  ...(apiTests.length > 0
    ? [
        {
          id: 'api-pglite',
          label: `API tests on PGlite (${apiTests.length} files)`,
          ...pnpm('--filter', './api', 'test', ...apiTests),
          env: withoutDatabase,
        },
        ...(DATABASE_URL
          ? [
              {
                id: 'api-postgres',
                label: `API tests on PostgreSQL (${apiTests.length} files)`,
                ...pnpm('--filter', './api', 'test', ...apiTests),
              },
            ]
          : []),
      ]
    : []),
  ...(jestPackages.length > 0
    ? [
        {
          id: 'jest',
          label: `Unit and component tests (${jestPackages.join(', ')})`,
          ...pnpm(
            '-r',
            '--workspace-concurrency=1',
            ...jestPackages.flatMap((pkg) => ['--filter', `./${pkg}`]),
            'test',
          ),
        },
      ]
    : []),
  ...(lintable.length > 0
    ? [
        {
          id: 'eslint',
          label: `ESLint (${lintable.length} files)`,
          ...pnpm('exec', 'eslint', '--cache', '--max-warnings=0', '--no-warn-ignored', ...lintable),
        },
      ]
    : []),
  ...(typed ? [{ id: 'tsc', label: 'Type-check (tsc -b, incremental)', ...pnpm('run', 'typecheck') }] : []),
  {
    id: 'prettier',
    label: `Prettier (${formattable.length} files)`,
    ...pnpm('exec', 'prettier', '--check', '--ignore-unknown', ...formattable),
  },
];

console.log(
  `Changed since ${since ?? 'HEAD'}: ${changed.length} files in ${[...changedPackages].join(', ')}.`,
);
for (const stage of stages) console.log(`  · ${stage.label}`);
if (dryRun) process.exit(0);
console.log('');
const outcome = await runStages(stages, { jobs: Number(process.env.TEST_JOBS) || 2 });
printSummary(stages, outcome, { budgetMinutes: 10 });
process.exit([...outcome.results.values()].every((result) => result.status === 'passed') ? 0 : 1);

/**
 * The API test files (relative to api/) that import one of `files`, directly or through other
 * modules of api/ and shared/. A change to the migrations, the test helpers or a package manifest
 * touches them all.
 */
function apiTestsTouchedBy(files) {
  const apiRoot = path.join(root, 'api');
  const sources = [
    ...walk(path.join(apiRoot, 'src')),
    ...walk(path.join(apiRoot, 'test')),
    ...walk(path.join(root, 'shared/src')),
  ].filter((file) => /\.tsx?$/.test(file));
  const tests = sources.filter(
    (file) => file.startsWith(path.join(apiRoot, 'src')) && file.endsWith('.test.ts'),
  );
  const everything = files.some(
    (file) =>
      file.startsWith('api/src/db/migrations/') ||
      file === 'api/package.json' ||
      file === 'pnpm-lock.yaml' ||
      (file.startsWith('api/test/') && !file.endsWith('.test.ts')),
  );
  if (everything) return tests.map((file) => path.relative(apiRoot, file)).sort();

  // Who imports whom, then every file reached backwards from the changed ones.
  const importers = new Map(); // file → the files that import it
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const base = specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : specifier.startsWith('@lender/shared/')
          ? path.join(root, 'shared/src', specifier.slice('@lender/shared/'.length))
          : undefined;
      if (!base) continue;
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (target) importers.set(target, [...(importers.get(target) ?? []), file]);
    }
  }
  const reached = new Set(files.map((file) => path.join(root, file)));
  const queue = [...reached];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop()) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  return tests
    .filter((file) => reached.has(file))
    .map((file) => path.relative(apiRoot, file))
    .sort();
}

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file));
}
