import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { isNull } from 'drizzle-orm';
import { userByIdResponseSchema, usersPageSchema } from '@lender/shared/contract/users';
import { auditLog, users } from '../../db/schema';
import { serviceContext } from '../service-context';
import { ensureFirstAdmin } from './service';
import { ADMIN, authHeader, build, createUser, TEST_START } from '../../../test/helper';

const OFFICER = { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' as const };

/** build(t) with the officer; `asOfficer()` signs them in (which sets their last_login_at). */
async function withOfficer(t: TestContext) {
  const ctx = await build(t);
  const officer = await createUser(ctx.db, OFFICER);
  return { ...ctx, officer, asOfficer: () => authHeader(ctx.app, OFFICER.email, OFFICER.password) };
}

describe('the first admin', () => {
  test('is created on an empty database from configuration, audited as a system change', async (t) => {
    const { db } = await build(t);
    const rows = await db.select().from(users);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.email, ADMIN.email);
    assert.equal(rows[0]?.role, 'admin');
    assert.match(rows[0]?.passwordHash ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [entry] = await db.select().from(auditLog).where(isNull(auditLog.actorId));
    assert.equal(entry?.action, 'user.created');
  });

  test('is not created again when users exist', async (t) => {
    const { app, db } = await build(t);
    assert.equal(
      await ensureFirstAdmin(serviceContext(app), { email: 'x@lender.local', password: 'Whatever123' }),
      false,
    );
    assert.equal((await db.select().from(users)).length, 1);
  });
});

describe('GET /api/users', () => {
  test('lists users newest first, 10 a page, with page meta', async (t) => {
    const { app, db } = await build(t);
    for (let i = 1; i <= 12; i += 1) {
      await createUser(
        db,
        { email: `user${i}@lender.local`, password: 'Password1!', role: 'officer' },
        new Date(TEST_START.getTime() + i * 1000),
      );
    }
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);

    const first = usersPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users', headers })).json(),
    );
    assert.deepEqual(first.meta, { page: 1, pageSize: 10, total: 13, totalPages: 2 });
    assert.equal(first.data.length, 10);
    assert.equal(first.data[0]?.email, 'user12@lender.local');
    assert.equal(first.data[9]?.email, 'user3@lender.local');

    const second = usersPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users?page=2', headers })).json(),
    );
    assert.deepEqual(
      second.data.map((u) => u.email),
      ['user2@lender.local', 'user1@lender.local', ADMIN.email],
    );
    assert.ok(second.data.every((u) => !('password_hash' in u)));

    const beyond = usersPageSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/users?page=3', headers })).json(),
    );
    assert.equal(beyond.data.length, 0);

    const invalid = await app.inject({ method: 'GET', url: '/api/users?page=0', headers });
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().errors[0].field, 'page');
  });

  test('is for admins only', async (t) => {
    const { app, asOfficer } = await withOfficer(t);
    const response = await app.inject({ method: 'GET', url: '/api/users', headers: await asOfficer() });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().error, 'Forbidden');
  });
});

describe('GET /api/users/:id', () => {
  test('an officer reads their own profile, with last_login_at, as a list of one', async (t) => {
    const { app, officer, asOfficer } = await withOfficer(t);
    const headers = await asOfficer();
    const response = await app.inject({ method: 'GET', url: `/api/users/${officer.id}`, headers });

    assert.equal(response.statusCode, 200);
    const [user] = userByIdResponseSchema.parse(response.json());
    assert.equal(user?.id, officer.id);
    assert.equal(user?.email, OFFICER.email);
    assert.equal(user?.last_login_at, TEST_START.toISOString());
    assert.equal(user?.avatar, null);
  });

  test('an officer reading another user gets 404, so ids cannot be probed', async (t) => {
    const { app, asOfficer } = await withOfficer(t);
    const headers = await asOfficer();
    const someoneElse = await app.inject({ method: 'GET', url: '/api/users/1', headers });
    const nobody = await app.inject({ method: 'GET', url: '/api/users/999', headers });

    assert.equal(someoneElse.statusCode, 404);
    assert.equal(nobody.statusCode, 404);
    assert.equal(someoneElse.json().message, 'User 1 not found');
    assert.equal(nobody.json().message, 'User 999 not found');
  });

  test('an admin reads anyone; unknown ids are 404 and malformed ids 400', async (t) => {
    const { app, officer } = await withOfficer(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);

    const found = await app.inject({ method: 'GET', url: `/api/users/${officer.id}`, headers });
    assert.equal(found.statusCode, 200);
    assert.equal(found.json()[0].last_login_at, null);
    assert.equal((await app.inject({ method: 'GET', url: '/api/users/999', headers })).statusCode, 404);
    const malformed = await app.inject({ method: 'GET', url: '/api/users/abc', headers });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().errors[0].field, 'id');
    const outOfRange = await app.inject({ method: 'GET', url: '/api/users/99999999999', headers });
    assert.equal(outOfRange.statusCode, 400);
  });
});
