// Runs the API tests: every src/**/*.test.ts, one file at a time (each opens its own database),
// with Node's test runner and tsx. The same as
//   node --import tsx --test --test-concurrency=1 'src/**/*.test.ts'
// except that Node 20's runner does not expand globs itself. Extra arguments (file paths or
// runner flags such as --test-name-pattern=...) are passed on.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
// `*.embedded.test.ts`: tests of the embedded database's own folder (power cuts, upgrades of a
// DATA_DIR, restores), which open PGlite whatever DATABASE_URL says. With DATABASE_URL (npm
// test's PostgreSQL pass) they are left out of a whole run: they ran in the PGlite pass, and a
// second run would test the same thing again. Named on the command line, they run. So are the
// tests of src/domain/: the domain layer opens no database (lint forbids it), so a second pass
// would run the very same code again.
const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
const databaseFree = (file) => file.startsWith(`domain${sep}`);
const files = args.some((arg) => arg.endsWith('.ts'))
  ? []
  : readdirSync(join(apiRoot, 'src'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => !(onPostgres && (file.endsWith('.embedded.test.ts') || databaseFree(file))))
      .map((file) => relative(apiRoot, join(apiRoot, 'src', file)))
      .sort();

// The seed of every property and fuzz test (test/property-seed.ts): fixed unless TEST_SEED says
// otherwise (`random` draws one, as the exploration commands do). Printed so a run can be replayed.
const FIXED_SEED = 20261127;
const asked = process.env.TEST_SEED?.trim();
const seed = asked === 'random' ? Math.floor(Math.random() * 2 ** 31) : asked ? Number(asked) : FIXED_SEED;
if (!Number.isSafeInteger(seed)) {
  console.error(`TEST_SEED must be a whole number or "random", not "${asked}"`);
  process.exit(2);
}
console.log(
  `Property and fuzz tests: seed ${seed}${asked === 'random' ? ' (random)' : ''}. ` +
    `Replay: TEST_SEED=${seed} npm --prefix api test -- <file>`,
);

// --openssl-legacy-provider: s3rver, the local S3 server of the storage tests, makes the
// continuation tokens of a listing longer than a page with DES, which OpenSSL 3 keeps there.
const result = spawnSync(
  process.execPath,
  [
    '--openssl-legacy-provider',
    '--import',
    'tsx',
    '--import',
    './test/property-seed.ts',
    '--test',
    '--test-concurrency=1',
    ...args,
    ...files,
  ],
  { cwd: apiRoot, stdio: 'inherit', env: { ...process.env, TEST_SEED: String(seed) } },
);
process.exit(result.status ?? 1);
