// Each list is defined once, in its family's shared/src/contract/<family>-lists.ts (loan-lists.ts,
// …; list-definition.ts says what a definition holds): its API path and its page are read from there
// (apiRoutes, appRoutes, the API's routes, the remote's endpoint). This fails when a source file
// writes one of those paths as a string of its own: the start of a second definition, which drifts
// when the list changes. Tests may write them.
// Runs in `npm test`: node --test scripts/one-list-definition.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { root } from './lib.mjs';
import { codeOf, productSourceFiles } from './source-scan.mjs';

const CONTRACT = 'shared/src/contract';
/** Every family's definitions file. */
const DEFINITIONS = readdirSync(path.join(root, CONTRACT))
  .filter((file) => file.endsWith('-lists.ts'))
  .map((file) => `${CONTRACT}/${file}`);

/** Files that may write a list's path, and why: each must be a fact about it, not its definition. */
const ALLOWED = {
  'e2e/bench/web.ts': "each remote's main page, which the benchmark visits (e2e does not read shared/)",
};

/**
 * The API paths and pages the definitions write (`api: '/loans/due-today'`, `page: '/due-today'`),
 * or only those of `key`.
 */
function definedPaths(text, key = 'api|page') {
  return [...text.matchAll(new RegExp(`\\b(?:${key}): '(\\/[^']*)'`, 'g'))].map((match) => match[1]);
}

/** The defined paths `code` writes as a whole string literal. */
const pathsWrittenIn = (code, paths) =>
  paths.filter((written) => [`'${written}'`, `"${written}"`, `\`${written}\``].some((q) => code.includes(q)));

test('the definitions are read, and a path is found only as a whole string', () => {
  const paths = definedPaths("  active: {\n    api: '/loans/loan-details',\n    page: '/loans',\n");
  assert.deepEqual(paths, ['/loans/loan-details', '/loans']);
  assert.deepEqual(pathsWrittenIn("url: '/loans/loan-details'", paths), ['/loans/loan-details']);
  assert.deepEqual(pathsWrittenIn("url: '/loans/loan-details/paid'", paths), []);
});

test('no source file writes a list’s API path or page again (its family’s *-lists.ts is the one)', () => {
  assert.ok(DEFINITIONS.includes(`${CONTRACT}/loan-lists.ts`), 'the definitions files are found');
  const texts = DEFINITIONS.map((file) => readFileSync(path.join(root, file), 'utf8'));
  const paths = texts.flatMap((text) => definedPaths(text));
  assert.ok(paths.length >= 16, `the definitions are read (${paths.length} paths)`);
  // An API path and a page are apart (/api/repayments and the page /repayments are one list's).
  for (const key of ['api', 'page']) {
    const written = texts.flatMap((text) => definedPaths(text, key));
    assert.equal(new Set(written).size, written.length, `each ${key} path is one list’s`);
  }
  const offenders = productSourceFiles()
    .filter((file) => !DEFINITIONS.includes(file) && !(file in ALLOWED))
    .map((file) => [file, pathsWrittenIn(codeOf(file), paths)])
    .filter(([, written]) => written.length > 0);
  assert.deepEqual(
    offenders,
    [],
    "These files write a list's path: read it from its family's shared/src/contract/*-lists.ts (through apiRoutes, appRoutes or the definitions) instead.",
  );
});
