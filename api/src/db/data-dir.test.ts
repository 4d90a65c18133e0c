import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { closeFolderToOthers, secureDataDir } from './data-dir';

const modeOf = (path: string) => statSync(path).mode & 0o777;

test('DATA_DIR: created or closed to the owner alone, and what is created in it after is too', (t) => {
  const umask = process.umask();
  const root = mkdtempSync(join(tmpdir(), 'lender-data-dir-'));
  t.after(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });
  process.umask(0o022); // the usual default, under which PGlite left its files 0666

  const fresh = join(root, 'fresh', 'data');
  assert.deepEqual(secureDataDir(fresh), { wasOpen: false });
  assert.equal(modeOf(fresh), 0o700);
  writeFileSync(join(fresh, 'photo.jpg'), 'x');
  assert.equal(modeOf(join(fresh, 'photo.jpg')), 0o600, 'a file written after is the owner’s alone');

  const open = join(root, 'open');
  secureDataDir(open);
  chmodSync(open, 0o777);
  assert.deepEqual(secureDataDir(open), { wasOpen: true, mode: 0o777 });
  assert.equal(modeOf(open), 0o700);
});

test('the embedded database folder: every file and folder closed to others, as PGlite leaves them open', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'lender-pglite-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'base', '1'), { recursive: true });
  writeFileSync(join(root, 'base', '1', '1259'), 'x');
  writeFileSync(join(root, 'PG_VERSION'), '17');
  for (const path of ['base', join('base', '1')]) chmodSync(join(root, path), 0o777);
  for (const path of [join('base', '1', '1259'), 'PG_VERSION']) chmodSync(join(root, path), 0o666);
  chmodSync(root, 0o700);

  assert.equal(closeFolderToOthers(root), 4);
  assert.deepEqual(
    ['base', join('base', '1'), join('base', '1', '1259'), 'PG_VERSION'].map((path) =>
      modeOf(join(root, path)),
    ),
    [0o700, 0o700, 0o600, 0o600],
  );
  assert.equal(closeFolderToOthers(root), 0, 'nothing left to close');
});
