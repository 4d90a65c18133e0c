// What the "declared once" tests read: the product's source files (not tests, test helpers or
// docs) and their code without comments.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST_CODE = /(\.test\.[^/]+$|(^|\/)(test|tests|testing|__mocks__)\/|test-support\.)/;

/** The code of a file without its comments (a `//` after a colon or a quote is part of a URL). */
export const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Tracked and new (not ignored) source files outside tests, as paths from the root. */
export function productSourceFiles() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !TEST_CODE.test(file) && existsSync(path.join(root, file)));
  return [...new Set(files)];
}

/** A source file's code, comments left out. */
export const codeOf = (file) => withoutComments(readFileSync(path.join(root, file), 'utf8'));
