import assert from 'node:assert/strict';
import { test } from 'node:test';
import { officerOptionsResponseSchema } from '@lender/shared/contract/users';
import { assertQueriesRefused, fixtureUser, listed } from '../../../test/fixtures';
import { ADMIN, authHeader, build } from '../../../test/helper';

async function setup(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const zuri = await fixtureUser(ctx.db, 'officer', 'Zuri');
  await fixtureUser(ctx.db, 'officer', 'Baraka');
  await fixtureUser(ctx.db, 'admin', 'Mercy');
  const admin = await authHeader(ctx.app, ADMIN.email, ADMIN.password);
  const officer = await authHeader(ctx.app, zuri.email, zuri.password);
  const names = (query: string) => listed(ctx.app, `/api/users?${query}`, admin, 'first_name');
  return { ...ctx, admin, officer, names };
}

test('the users list sorts by name and role each way and filters by role', async (t) => {
  const { names } = await setup(t);
  // The first admin (build()) is listed too; the three made here come in name order.
  const made = ['Zuri', 'Baraka', 'Mercy'];
  assert.deepEqual(
    (await names('sort=name')).filter((name) => made.includes(name)),
    ['Baraka', 'Mercy', 'Zuri'],
  );
  assert.deepEqual(await names('role=officer&sort=name&order=desc'), ['Zuri', 'Baraka']);
  assert.deepEqual(await names('role=officer&sort=name'), ['Baraka', 'Zuri']);
  const byRole = await names('sort=role&order=desc');
  assert.deepEqual(byRole.slice(0, 2).sort(), ['Baraka', 'Zuri'], 'officers first, descending by role');
});

test('a role or sort the users list does not know is a 400 naming it', async (t) => {
  const { app, admin } = await setup(t);
  await assertQueriesRefused(app, '/api/users', admin, {
    'role=boss': 'role',
    'sort=password': 'sort',
  });
});

test("admins read every officer by name for a list's officer filter; officers may not", async (t) => {
  const { app, admin, officer } = await setup(t);
  const response = await app.inject({ url: '/api/users/officers', headers: admin });
  assert.equal(response.statusCode, 200, response.body);
  const officers = officerOptionsResponseSchema.parse(response.json());
  assert.deepEqual(
    officers.map((o) => o.name),
    ['Baraka Staff', 'Zuri Staff'],
  );
  assert.equal((await app.inject({ url: '/api/users/officers', headers: officer })).statusCode, 403);
});
