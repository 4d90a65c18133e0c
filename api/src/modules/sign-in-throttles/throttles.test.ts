import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SIGN_IN_THROTTLE_TEXTS, signInThrottlesPageSchema } from '@lender/shared/contract/sign-in-throttles';
import { auditLog, loginAttempts, signInThrottles } from '../../db/schema';
import { ADMIN, authHeader, build, createUser } from '../../../test/helper';

const OFFICER = { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' as const };

describe('sign-in throttles (admins)', () => {
  test('an admin sees who is throttled and clears it: that account signs in again at once, audited', async (t) => {
    const { app, db, clock } = await build(t);
    await createUser(db, OFFICER);
    const admin = await authHeader(app, ADMIN.email, ADMIN.password);
    const fromBranch = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: '198.51.100.7',
        payload: { email: ' Officer@Lender.local', password },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) await fromBranch('forgotten');
    assert.equal((await fromBranch(OFFICER.password)).statusCode, 429);

    const list = await app.inject({ method: 'GET', url: '/api/sign-in-throttles', headers: admin });
    assert.equal(list.statusCode, 200);
    const page = signInThrottlesPageSchema.parse(list.json());
    const pair = page.data.find((row) => row.scope === 'pair');
    assert.deepEqual(
      page.data.map(({ scope, email, address, failures, blocked_until }) => ({
        scope,
        email,
        address,
        failures,
        blocked_until,
      })),
      // Most recent failure first; the pair's row was created after the address's.
      [
        {
          scope: 'pair',
          email: 'officer@lender.local',
          address: '198.51.100.7',
          failures: 5,
          blocked_until: new Date(clock.wallNow() + 30_000).toISOString(),
        },
        {
          scope: 'address',
          email: null,
          address: '198.51.100.7',
          failures: 5,
          blocked_until: null,
        },
      ],
    );
    assert.equal(page.meta.total, 2);

    const cleared = await app.inject({
      method: 'DELETE',
      url: `/api/sign-in-throttles/${pair?.id}`,
      headers: admin,
    });
    assert.equal(cleared.statusCode, 200);
    assert.equal(cleared.json().message, SIGN_IN_THROTTLE_TEXTS.cleared);
    assert.equal((await fromBranch(OFFICER.password)).statusCode, 200);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'sign_in_throttle.cleared'));
    assert.equal(entry?.entityId, String(pair?.id));

    const again = await app.inject({
      method: 'DELETE',
      url: `/api/sign-in-throttles/${pair?.id}`,
      headers: admin,
    });
    assert.equal(again.statusCode, 404);
  });

  test('throttles forgotten after an hour of quiet are not listed', async (t) => {
    const { app, clock } = await build(t);
    const admin = await authHeader(app, ADMIN.email, ADMIN.password);
    await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'x@y.z', password: 'guess' },
    });
    const listed = async () =>
      (await app.inject({ method: 'GET', url: '/api/sign-in-throttles', headers: admin })).json().meta.total;
    assert.equal(await listed(), 2);
    clock.advance(60 * 60_000);
    assert.equal(await listed(), 0);
  });

  test('refused attempts write no rows: a spray of distinct e-mails from one address adds a bounded history, however long it goes on', async (t) => {
    const { app, db } = await build(t);
    const rows = async () => ({
      attempts: (await db.select().from(loginAttempts)).length,
      throttles: (await db.select().from(signInThrottles)).length,
    });
    const spray = async (from: number, count: number) => {
      const statuses = new Map<number, number>();
      for (let index = from; index < from + count; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: '203.0.113.9',
          payload: { email: `guess${index}@lender.local`, password: 'Wrong-pass-1' },
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
      return Object.fromEntries(statuses);
    };
    // The address's 20 free failures are checked (401), then everything waits (429).
    assert.deepEqual(await spray(0, 60), { 401: 20, 429: 40 });
    const afterSixty = await rows();
    // 20 failures and one "blocked" line of history; the address's row and one per e-mail tried.
    assert.deepEqual(afterSixty, { attempts: 21, throttles: 21 });
    assert.deepEqual(await spray(60, 340), { 429: 340 });
    assert.deepEqual(await rows(), afterSixty, '340 more refusals wrote nothing new');
    const [address] = await db.select().from(signInThrottles).where(eq(signInThrottles.scope, 'address'));
    assert.equal(address?.refused, 380, 'the refusals are counted on the address');
  });

  test('officers can neither see nor clear throttles', async (t) => {
    const { app, db } = await build(t);
    await createUser(db, OFFICER);
    const officer = await authHeader(app, OFFICER.email, OFFICER.password);
    for (const [method, url] of [
      ['GET', '/api/sign-in-throttles'],
      ['DELETE', '/api/sign-in-throttles/1'],
    ] as const) {
      const response = await app.inject({ method, url, headers: officer });
      assert.equal(response.statusCode, 403, `${method} ${url}`);
    }
  });
});
