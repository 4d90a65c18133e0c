import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { serverSecrets } from '../db/schema';
import { ADMIN, authHeader, build, rebuild } from '../../test/helper';
import { resolveJwtSecret } from './auth';

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lender-jwt-secret-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('the JWT secret when JWT_SECRET is unset', () => {
  test('is kept in the database: instances with different DATA_DIRs accept each other’s tokens', async (t) => {
    const first = await build(t, { jwtSecret: undefined, dataDir: await tempDir(t) });
    const second = await rebuild(t, first, { jwtSecret: undefined, dataDir: await tempDir(t) });
    const headers = await authHeader(first.app, ADMIN.email, ADMIN.password);
    const me = await second.app.inject({ method: 'GET', url: '/api/users', headers });
    assert.equal(me.statusCode, 200, me.body);
    const rows = await first.db.select().from(serverSecrets);
    assert.equal(rows.length, 1);
    assert.ok((rows[0]?.value.length ?? 0) >= 32);
  });

  test('instances starting at once agree on one secret', async (t) => {
    const { db } = await build(t);
    const dirs = await Promise.all([tempDir(t), tempDir(t), tempDir(t), tempDir(t)]);
    const secrets = await Promise.all(dirs.map((dir) => resolveJwtSecret(undefined, dir, db)));
    assert.equal(new Set(secrets).size, 1);
    assert.equal((await db.select().from(serverSecrets)).length, 1);
  });

  test('an earlier DATA_DIR/jwt-secret is adopted, so sessions survive the upgrade', async (t) => {
    const { db } = await build(t);
    const dir = await tempDir(t);
    const earlier = 'an-earlier-generated-secret-0123456789-abcdef';
    await writeFile(join(dir, 'jwt-secret'), `${earlier}\n`);
    assert.equal(await resolveJwtSecret(undefined, dir, db), earlier);
    // Another instance, without that file, gets the same.
    assert.equal(await resolveJwtSecret(undefined, await tempDir(t), db), earlier);
  });

  test('a configured JWT_SECRET is used as it is and nothing is stored', async (t) => {
    const { db } = await build(t);
    const configured = 'configured-secret-configured-secret-0123456789';
    assert.equal(await resolveJwtSecret(configured, await tempDir(t), db), configured);
    assert.deepEqual(await db.select().from(serverSecrets), []);
  });
});
