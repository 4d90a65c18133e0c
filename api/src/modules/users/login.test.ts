import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { loginResponseSchema } from '@lender/shared/contract/users';
import { loginAttempts, users } from '../../db/schema';
import { ADMIN, authHeader, build, createUser, login, rebuild, TEST_START } from '../../../test/helper';

const OFFICER = { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' as const };

describe('POST /api/users/login', () => {
  test('signs in with e-mail in any case and answers a 1-hour token, its expiry and the session user', async (t) => {
    const { app, db } = await build(t);
    const response = await login(app, '  Admin@Lender.LOCAL ', ADMIN.password);

    assert.equal(response.statusCode, 200);
    const body = loginResponseSchema.parse(response.json());
    assert.equal(body.user.email, ADMIN.email);
    assert.equal(body.user.role, 'admin');
    assert.equal(body.expires_at, TEST_START.getTime() + 60 * 60 * 1000);
    assert.ok(!('password_hash' in body.user) && !JSON.stringify(body).includes('argon2'));
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString());
    assert.equal(claims.sub, String(body.user.id));
    assert.equal(claims.role, 'admin');
    assert.equal(claims.exp - claims.iat, 3600);

    const [row] = await db.select().from(users).where(eq(users.id, body.user.id));
    assert.deepEqual(row?.lastLoginAt, TEST_START);
  });

  test('answers one message for a wrong e-mail and a wrong password', async (t) => {
    const { app } = await build(t);
    const wrongEmail = await login(app, 'nobody@lender.local', ADMIN.password);
    const wrongPassword = await login(app, ADMIN.email, 'not-the-password');

    for (const response of [wrongEmail, wrongPassword]) {
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { message: 'Invalid email or password', error: 'Unauthorized' });
    }
  });

  test('a deactivated account answers as a wrong password does, whether its password is right or not', async (t) => {
    const { app, db } = await build(t);
    await createUser(db, { ...OFFICER, isActive: false });
    const right = await login(app, OFFICER.email, OFFICER.password);
    const wrong = await login(app, OFFICER.email, 'not-the-password');

    for (const response of [right, wrong]) {
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { message: 'Invalid email or password', error: 'Unauthorized' });
    }
  });

  test('behind proxies, the client address is the one the trusted hops saw, never the one the client wrote', async (t) => {
    // The client writes 9.9.9.9; the load balancer appends the address it saw, 5.5.5.5; the
    // server sees the load balancer's connection (app.inject: 127.0.0.1).
    const headers = { 'x-forwarded-for': '9.9.9.9, 5.5.5.5' };
    const cases: [string, Parameters<typeof build>[1], string][] = [
      ['no proxy trusted', { trustProxy: false }, '127.0.0.1'],
      ['one hop', { trustProxy: 1 }, '5.5.5.5'],
      ['the proxy by address', { trustProxy: ['127.0.0.1'] }, '5.5.5.5'],
      ['two hops', { trustProxy: 2 }, '9.9.9.9'],
    ];
    for (const [name, overrides, expected] of cases) {
      const { app, db } = await build(t, overrides);
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers,
        payload: { email: ADMIN.email, password: 'not-the-password' },
      });
      const [attempt] = await db.select({ ip: loginAttempts.ip }).from(loginAttempts);
      assert.equal(attempt?.ip, expected, name);
    }
  });

  test('sign-out ends every session of the user on the server; signing in again works', async (t) => {
    const { app, db } = await build(t);
    await createUser(db, OFFICER);
    const phone = await authHeader(app, OFFICER.email, OFFICER.password);
    const laptop = await authHeader(app, OFFICER.email, OFFICER.password);
    const admin = await authHeader(app, ADMIN.email, ADMIN.password);
    const me = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/customers', headers });
    assert.equal((await me(phone)).statusCode, 200);

    const out = await app.inject({ method: 'POST', url: '/api/users/logout', headers: phone });
    assert.equal(out.statusCode, 200);
    assert.deepEqual(out.json(), { message: 'Signed out' });
    for (const headers of [phone, laptop]) {
      const refused = await me(headers);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().message, 'You have been signed out. Please sign in again.');
    }
    assert.equal((await me(admin)).statusCode, 200, "another user's session is untouched");
    assert.equal((await me(await authHeader(app, OFFICER.email, OFFICER.password))).statusCode, 200);
    assert.equal((await app.inject({ method: 'POST', url: '/api/users/logout' })).statusCode, 401);
  });

  test('validates the body and names the field', async (t) => {
    const { app } = await build(t);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@b.c' },
    });

    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].field, 'password');
    assert.match(response.json().message, /^password: /);
  });

  test('an account at one address gets 5 free failures, then waits 30 s, then twice as long after each failure', async (t) => {
    const { app, clock } = await build(t);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      assert.equal((await login(app, ADMIN.email, `wrong-${attempt}`)).statusCode, 401);
    }
    const blocked = await login(app, ADMIN.email, ADMIN.password);
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().message, 'Too many failed sign-in attempts. Try again in 30 seconds.');
    assert.equal(blocked.json().retryAfterSeconds, 30);
    assert.equal(blocked.headers['retry-after'], '30');

    // Refused attempts do not lengthen the wait; a failure after it doubles it.
    clock.advance(30_000);
    assert.equal((await login(app, ADMIN.email, 'wrong-6')).statusCode, 401);
    const longer = await login(app, ADMIN.email, ADMIN.password);
    assert.equal(longer.json().retryAfterSeconds, 60);
    assert.equal(longer.json().message, 'Too many failed sign-in attempts. Try again in 1 minute.');
    clock.advance(60_000);
    assert.equal((await login(app, ADMIN.email, ADMIN.password)).statusCode, 200);
  });

  test('failures from one address cannot lock the account out elsewhere: the right password from another address signs in', async (t) => {
    const { app } = await build(t);
    const from = (remoteAddress: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress,
        payload: { email: ADMIN.email, password },
      });
    for (let attempt = 1; attempt <= 12; attempt += 1) await from('203.0.113.66', 'guess');
    assert.equal((await from('203.0.113.66', ADMIN.password)).statusCode, 429);
    assert.equal((await from('198.51.100.10', ADMIN.password)).statusCode, 200);
    // An IPv6 attacker cannot escape by changing the last bits of the address: counted per /64.
    for (let attempt = 1; attempt <= 5; attempt += 1) await from(`2001:db8:1:2::${attempt}`, 'guess');
    assert.equal((await from('2001:db8:1:2::99', ADMIN.password)).statusCode, 429);
  });

  test('a successful sign-in clears the pair’s earlier failures', async (t) => {
    const { app } = await build(t);
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(app, ADMIN.email, 'wrong');
    assert.equal((await login(app, ADMIN.email, ADMIN.password)).statusCode, 200);
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(app, ADMIN.email, 'wrong');
    assert.equal((await login(app, ADMIN.email, ADMIN.password)).statusCode, 200);
  });

  test('throttles a client address after 20 failures across accounts, with growing waits', async (t) => {
    const { app, clock } = await build(t);
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await login(app, `guess-${attempt}@lender.local`, 'wrong');
      assert.equal(response.statusCode, 401);
    }
    const blocked = await login(app, ADMIN.email, ADMIN.password);
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().retryAfterSeconds, 30);
    clock.advance(30_000);
    assert.equal((await login(app, 'guess-21@lender.local', 'wrong')).statusCode, 401);
    assert.equal((await login(app, ADMIN.email, ADMIN.password)).json().retryAfterSeconds, 60);
  });

  test('staff signing in together behind one address all get in: nobody has failed, so nobody waits', async (t) => {
    const { app, db } = await build(t);
    const staff = Array.from({ length: 24 }, (_, i) => ({
      email: `officer-${i}@lender.local`,
      password: `Officer-${i}-pass`,
      role: 'officer' as const,
    }));
    await Promise.all(staff.map((user) => createUser(db, user)));
    const answers = await Promise.all([
      ...staff.map((user) => login(app, user.email, user.password)),
      // One of them with several tabs at once.
      ...Array.from({ length: 7 }, () => login(app, ADMIN.email, ADMIN.password)),
    ]);
    assert.deepEqual(
      answers.map((response) => response.statusCode),
      answers.map(() => 200),
    );
  });

  test('a burst of simultaneous attempts on two server instances is checked no more than the throttle allows', async (t) => {
    const first = await build(t);
    const second = await rebuild(t, first);
    const { db } = first;
    // Every other request goes to the other instance: the throttle's state is the database's.
    const attempt = (i: number, email: string, password: string) =>
      login(i % 2 ? first.app : second.app, email, password);
    const checked = async () =>
      (await db.select({ outcome: loginAttempts.outcome }).from(loginAttempts)).filter(
        (row) => row.outcome !== 'blocked',
      ).length;

    // 300 at one account from one address, the right password among them: 5 checked.
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        attempt(i, ADMIN.email, i === 150 ? ADMIN.password : `guess-${i}`),
      ),
    );
    assert.equal(await checked(), 5);
    assert.equal(burst.filter((response) => response.statusCode === 429).length, 295);
    assert.ok(burst.every((response) => [200, 401, 429].includes(response.statusCode)));

    // 300 across accounts from the same address: the address's 20 in all (5 were counted above).
    await db.delete(loginAttempts);
    await Promise.all(Array.from({ length: 300 }, (_, i) => attempt(i, `spray-${i}@lender.local`, 'guess')));
    assert.equal(await checked(), 15);
  });
});

describe('bearer tokens', () => {
  test('every users endpoint needs a token: 401 with an error field', async (t) => {
    const { app } = await build(t);
    const requests = [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'GET' as const, url: '/api/users/1' },
      { method: 'POST' as const, url: '/api/users/register' },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      assert.equal(response.statusCode, 401, request.url);
      assert.equal(response.json().error, 'Unauthorized');
      assert.ok(response.json().message);
    }
    const forged = await app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    assert.equal(forged.statusCode, 401);
    assert.equal(forged.json().error, 'Unauthorized');
  });

  test('a token stops working after 1 hour', async (t) => {
    const { app, clock } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    clock.advance(59 * 60_000);
    assert.equal((await app.inject({ method: 'GET', url: '/api/users', headers })).statusCode, 200);
    clock.advance(2 * 60_000);
    const expired = await app.inject({ method: 'GET', url: '/api/users', headers });
    assert.equal(expired.statusCode, 401);
    assert.deepEqual(expired.json(), {
      message: 'Your session has expired. Please sign in again.',
      error: 'Unauthorized',
    });
  });

  test('a deactivated user’s token stops working at once', async (t) => {
    const { app, db } = await build(t);
    const officer = await createUser(db, OFFICER);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    assert.equal(
      (await app.inject({ method: 'GET', url: `/api/users/${officer.id}`, headers })).statusCode,
      200,
    );

    await db.update(users).set({ isActive: false }).where(eq(users.id, officer.id));
    const response = await app.inject({ method: 'GET', url: `/api/users/${officer.id}`, headers });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().error, 'Unauthorized');
  });
});
