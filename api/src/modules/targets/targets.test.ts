import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { fixtureUser } from '../../../test/fixtures';

test('targets: admins set (upsert) and read every row; officers read their own and may not set', async (t) => {
  const { app, db } = await build(t);
  const amina = await fixtureUser(db, 'officer', 'Amina');
  const brian = await fixtureUser(db, 'officer', 'Brian');
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const asA = await authHeader(app, amina.email, amina.password);
  const url = '/api/targets?month=3&year=2025';
  const put = (headers: Record<string, string>, targets: unknown[]) =>
    app.inject({ method: 'PUT', url, headers, payload: { targets } });

  const first = await put(admin, [
    { officerId: null, disbursementTarget: 100000, collectionTarget: 50000 },
    { officerId: amina.id, disbursementTarget: 20000.5, collectionTarget: 10000 },
  ]);
  assert.equal(first.statusCode, 200, first.body);
  // Upsert: Amina's row changes, the company-wide row is kept.
  const second = await put(admin, [{ officerId: amina.id, disbursementTarget: 25000, collectionTarget: 0 }]);
  assert.equal(second.statusCode, 200, second.body);
  const all = (await app.inject({ url, headers: admin })).json();
  assert.deepEqual(
    all.map((r: { officer_id: number | null; disbursement_target: number; collection_target: number }) => [
      r.officer_id,
      r.disbursement_target,
      r.collection_target,
    ]),
    [
      [null, 100000, 50000],
      [amina.id, 25000, 0],
      [brian.id, 0, 0],
    ],
  );
  assert.equal(all[1].officer_name, 'Amina Staff');

  const own = (await app.inject({ url, headers: asA })).json();
  assert.deepEqual(
    own.map((r: { officer_id: number }) => r.officer_id),
    [amina.id],
  );
  const forbidden = await put(asA, [{ officerId: amina.id, disbursementTarget: 1, collectionTarget: 1 }]);
  assert.equal(forbidden.statusCode, 403);
  assert.ok(forbidden.json().error);

  const negative = await put(admin, [{ officerId: null, disbursementTarget: -1, collectionTarget: 0 }]);
  assert.equal(negative.statusCode, 400);
  const unknown = await put(admin, [{ officerId: 99999, disbursementTarget: 1, collectionTarget: 1 }]);
  assert.equal(unknown.statusCode, 400);
  assert.match(unknown.json().message, /Unknown officer: 99999/);
});

test('targets: first-time saves of one target at the same moment both succeed, and one row is kept', async (t) => {
  const { app } = await build(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const saves = await Promise.all(
    [40000, 50000, 60000, 70000].map((amount) =>
      app.inject({
        method: 'PUT',
        url: '/api/targets?month=4&year=2025',
        headers: admin,
        payload: { targets: [{ officerId: null, disbursementTarget: amount, collectionTarget: amount }] },
      }),
    ),
  );
  assert.deepEqual(
    saves.map((response) => response.statusCode),
    [200, 200, 200, 200],
  );
  const rows = (await app.inject({ url: '/api/targets?month=4&year=2025', headers: admin })).json();
  assert.equal(rows.filter((r: { officer_id: number | null }) => r.officer_id === null).length, 1);
});
