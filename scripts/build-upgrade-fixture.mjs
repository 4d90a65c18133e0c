// `node scripts/build-upgrade-fixture.mjs [commit]`: builds the upgrade test's fixture from an
// older release (default 5481086, the last before migrations 0031 and 0032), with that release's
// own code, into api/test/fixtures/upgrade/<commit>/, which api/src/db/upgrade.embedded.test.ts opens with
// today's code. Steps:
//   1. the commit checked out in a temporary git worktree (`git worktree add --detach`), its
//      dependencies installed offline with the pinned pnpm;
//   2. its demo book (api/src/scripts/demo.ts, DEMO_CUSTOMERS=20, the default seed) built into a
//      fresh DATA_DIR: customers, applications pending/rejected, loans in every status, repayments
//      pending/approved/rejected, paybill payments in suspense, audit rows, officers, ID photos;
//   3. still with that release's code and PGlite, no migration of today's: the book's summary
//      (api/src/db/book-summary.ts, copied into the worktree: row counts, digests, keys, money sums)
//      and the cluster as a brotli-compressed tarball (api/src/scripts/upgrade-fixture-snapshot.ts);
//   4. the fixture written: pglite.tar.br, summary.json, the DATA_DIR's demo-book.json (the admin's
//      sign-in) and files/ (the photos); the worktree removed and pruned, whatever happened.
// A commit before book-summary.ts existed is fine: the two files are copied over its tree. The
// commit needs the demo builder (scripts/demo.ts), which every release since issue 27 has.
// See docs/development.md, "Upgrade fixtures".
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageManager, root } from './lib.mjs';

const DEFAULT_COMMIT = '5481086';
const DEMO_CUSTOMERS = '20';

const asked = process.argv[2]?.trim() || DEFAULT_COMMIT;

/** Runs a command to completion (output shown); stops the script on failure. */
function mustRun(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const git = (...args) => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
};

// Named by the short hash as given (7 characters at least), so the folder says which release it is.
const full = git('rev-parse', '--verify', `${asked}^{commit}`);
const commit = full.slice(0, Math.max(7, asked.length));
const fixture = path.join(root, 'api/test/fixtures/upgrade', commit);
const work = mkdtempSync(path.join(tmpdir(), 'lender-upgrade-fixture-'));
const tree = path.join(work, 'tree');
const dataDir = path.join(work, 'data');
const out = path.join(work, 'out');
mkdirSync(out);

try {
  mustRun(`Checking out ${commit} in a temporary worktree`, 'git', [
    'worktree',
    'add',
    '--detach',
    tree,
    full,
  ]);
  mustRun(
    'Installing its dependencies (offline first)',
    'npx',
    ['--yes', packageManager, 'install', '--prefer-offline', '--frozen-lockfile'],
    { cwd: tree },
  );
  // tsx directly in api/: loadConfig resolves DATA_DIR against INIT_CWD, here absolute anyway.
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_CUSTOMERS, INIT_CWD: path.join(tree, 'api') };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD; // the demo's documented admin password, which the test signs in with
  delete env.ADMIN_EMAIL;
  mustRun(`Building its demo book (${DEMO_CUSTOMERS} customers)`, 'npx', ['tsx', 'src/scripts/demo.ts'], {
    cwd: path.join(tree, 'api'),
    env,
  });
  for (const file of ['src/db/book-summary.ts', 'src/scripts/upgrade-fixture-snapshot.ts']) {
    cpSync(path.join(root, 'api', file), path.join(tree, 'api', file));
  }
  mustRun(
    'Summarising the book and packing the cluster with its code',
    'npx',
    ['tsx', 'src/scripts/upgrade-fixture-snapshot.ts', dataDir, out, commit],
    { cwd: path.join(tree, 'api'), env },
  );

  rmSync(fixture, { recursive: true, force: true });
  mkdirSync(fixture, { recursive: true });
  cpSync(path.join(out, 'pglite.tar.br'), path.join(fixture, 'pglite.tar.br'));
  cpSync(path.join(out, 'summary.json'), path.join(fixture, 'summary.json'));
  cpSync(path.join(dataDir, 'demo-book.json'), path.join(fixture, 'demo-book.json'));
  if (existsSync(path.join(dataDir, 'files'))) {
    cpSync(path.join(dataDir, 'files'), path.join(fixture, 'files'), { recursive: true });
  }
  // The repository's formatting, so `prettier --check` passes on the committed JSON.
  mustRun('Formatting the JSON', 'npx', ['prettier', '--log-level', 'warn', '--write', `${fixture}/*.json`]);

  let bytes = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else bytes += statSync(file).size;
    }
  };
  walk(fixture);
  console.log(
    `\nFixture: ${path.relative(root, fixture)} (${(bytes / 1024 / 1024).toFixed(2)} MB). ` +
      'Check it with: cd api && node test/run-tests.mjs src/db/upgrade.embedded.test.ts',
  );
} finally {
  // Never leave the worktree registered, whatever failed.
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'inherit' });
  spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
}
