// No import cycles between folders: api/src's top folders and modules, and each frontend's src
// folders (scripts/import-arrows.mjs prints them). A cycle is the start of two folders that can
// only change together. Runs in `npm test`: node --test scripts/import-arrows.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importArrows } from './import-arrows.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('import-arrows.mjs', import.meta.url));

test('api/src has no import cycle between its folders (modules included)', () => {
  const { apiCycles, moduleCycles } = importArrows(root);
  assert.deepEqual(apiCycles, [], 'see `node scripts/import-arrows.mjs` for the arrows');
  assert.deepEqual(moduleCycles, []);
});

test('the shell, the remotes and shared have no import cycle between their src folders', () => {
  const { frontendCycles, featureCycles } = importArrows(root);
  assert.deepEqual(frontendCycles, [], 'see `node scripts/import-arrows.mjs` for the arrows');
  assert.deepEqual(featureCycles, []);
});

// The check is only worth its zero if it sees a cycle when there is one.
test('a cycle is found, and the script exits 1 on it', (t) => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'import-arrows-'));
  t.after(() => rmSync(fixture, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };
  write('api/src/modules/a/service.ts', "import { b } from '../b/service';\nexport const a = b;\n");
  write(
    'api/src/modules/b/service.ts',
    "import type { a } from '../a/service';\nexport const b = 1 as typeof a;\n",
  );
  write('shell/src/app/store.ts', "import '../layout/slice';\nexport const store = 1;\n");
  write('shell/src/layout/slice.ts', "export const slice = () => import('../app/store');\n");

  const found = importArrows(fixture);
  assert.deepEqual(found.apiCycles, [['modules/a', 'modules/b']]);
  assert.deepEqual(found.moduleCycles, [['modules/a', 'modules/b']]);
  assert.deepEqual(found.frontendCycles, [['shell/app', 'shell/layout']]);
  assert.equal(spawnSync(process.execPath, [script, fixture], { encoding: 'utf8' }).status, 1);
});
