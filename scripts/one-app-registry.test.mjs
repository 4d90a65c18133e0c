// The remotes are listed once, in shared/apps.json (read through shared/build/apps.mjs and
// shared/src/apps.ts). This fails when a source file names two remotes or more, by federation name
// (mf_loans) or folder (mf-loans), in its code: that is the start of a second list, which drifts
// from the first when a remote is added. Comments, tests and test helpers may name them freely.
// Runs in `npm test`: node --test scripts/one-app-registry.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { REMOTE_APPS } from '../shared/build/apps.mjs';
import { root } from './lib.mjs';
import { productSourceFiles, withoutComments } from './source-scan.mjs';

/** Files that may name several remotes, and why: each must be a fact about them, not their list. */
const ALLOWED = {
  'scripts/test-changed.mjs': 'which remotes each browser test opens (a few per test)',
  'e2e/bench/web.ts': "each remote's main page, which the benchmark visits",
};

/** The remotes `text`'s code names, by federation name or folder. */
function remotesNamedIn(text, remotes = REMOTE_APPS) {
  const code = withoutComments(text);
  const escape = (value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return remotes
    .filter(({ name, folder }) =>
      [name, folder].some((word) => new RegExp(`(?<![\\w$-])${escape(word)}(?![\\w$-])`).test(code)),
    )
    .map(({ name }) => name);
}

test('a list of remotes is found, as strings, keys or folders, and comments are not code', () => {
  assert.deepEqual(remotesNamedIn("const R = ['mf_customers', 'mf_loans'];"), ['mf_customers', 'mf_loans']);
  assert.deepEqual(remotesNamedIn('const areas = {\n  mf_loans: 1,\n  mf_admin: 2,\n};'), [
    'mf_loans',
    'mf_admin',
  ]);
  assert.deepEqual(remotesNamedIn('tsc -b mf-repayments mf-admin'), ['mf_repayments', 'mf_admin']);
  assert.deepEqual(
    remotesNamedIn("// mf_loans and mf_admin\n/* mf-customers */ const url = 'http://x/mf-loans';"),
    ['mf_loans'],
  );
  assert.deepEqual(remotesNamedIn("const mf_loans_v2 = 'lender/mf-loans-old';"), []);
});

test('no source file writes the list of remotes a second time (shared/apps.json is the one)', () => {
  const files = productSourceFiles();
  assert.ok(files.includes('api/src/config.ts'), 'the scan sees the sources');

  const offenders = {};
  for (const file of files) {
    const named = remotesNamedIn(readFileSync(path.join(root, file), 'utf8'));
    if (named.length >= 2) offenders[file] = named;
  }
  const unexpected = Object.entries(offenders).filter(([file]) => !(file in ALLOWED));
  assert.deepEqual(
    unexpected,
    [],
    'These files name several remotes: read them from shared/apps.json (shared/src/apps.ts, shared/build/apps.mjs) instead.',
  );
  // An allowance that is no longer needed goes, so that the list stays short.
  assert.deepEqual(
    Object.keys(ALLOWED).filter((file) => !(file in offenders)),
    [],
  );
});
