import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loginResponseSchema } from '@lender/shared/contract/users';
import { ADMIN, authHeader, build, createUser, TEST_START } from '../../../test/helper';

const OFFICER = { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' as const };
const HOUR = 60 * 60 * 1000;

async function setup(t: Parameters<typeof build>[0]) {
  const built = await build(t);
  const officer = await createUser(built.db, OFFICER);
  const admin = await authHeader(built.app, ADMIN.email, ADMIN.password);
  const renew = (headers: Record<string, string>) =>
    built.app.inject({ method: 'POST', url: '/api/users/session/renew', headers });
  const customers = (headers: Record<string, string>) =>
    built.app.inject({ method: 'GET', url: '/api/customers', headers });
  return { ...built, officer, admin, renew, customers };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/users/session/renew', () => {
  test('a valid token gets a new one lasting an hour from now, for the same user; both work', async (t) => {
    const { app, clock, renew, customers } = await setup(t);
    const first = await authHeader(app, OFFICER.email, OFFICER.password);
    clock.advance(50 * 60 * 1000);

    const response = await renew(first);
    assert.equal(response.statusCode, 200);
    const body = loginResponseSchema.parse(response.json());
    assert.equal(body.expires_at, TEST_START.getTime() + 50 * 60 * 1000 + HOUR);
    assert.equal(body.user.email, OFFICER.email);
    assert.equal(body.user.role, 'officer');
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString());
    assert.equal(claims.exp - claims.iat, 3600);

    // Past the first token's hour, the renewed one still works and the first does not.
    clock.advance(20 * 60 * 1000);
    assert.equal((await customers(bearer(body.access_token))).statusCode, 200);
    const expired = await customers(first);
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json().message, 'Your session has expired. Please sign in again.');
  });

  test('an expired token cannot renew', async (t) => {
    const { app, clock, renew } = await setup(t);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    clock.advance(HOUR + 1000);
    const response = await renew(headers);
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().message, 'Your session has expired. Please sign in again.');
  });

  test('no token, or a forged one, cannot renew', async (t) => {
    const { app, renew } = await setup(t);
    assert.equal((await app.inject({ method: 'POST', url: '/api/users/session/renew' })).statusCode, 401);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    const [head, payload] = headers.authorization.slice('Bearer '.length).split('.');
    assert.equal((await renew(bearer(`${head}.${payload}.forged-signature`))).statusCode, 401);
  });

  test('a signed-out user’s token cannot renew, on any device', async (t) => {
    const { app, renew } = await setup(t);
    const phone = await authHeader(app, OFFICER.email, OFFICER.password);
    const laptop = await authHeader(app, OFFICER.email, OFFICER.password);
    assert.equal(
      (await app.inject({ method: 'POST', url: '/api/users/logout', headers: phone })).statusCode,
      200,
    );
    for (const headers of [phone, laptop]) {
      const response = await renew(headers);
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().message, 'You have been signed out. Please sign in again.');
    }
  });

  test('a token renewed before a sign-out dies with the sign-out too', async (t) => {
    const { app, renew, customers } = await setup(t);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    const renewed = bearer(loginResponseSchema.parse((await renew(headers)).json()).access_token);
    await app.inject({ method: 'POST', url: '/api/users/logout', headers });
    assert.equal((await customers(renewed)).statusCode, 401);
    assert.equal((await renew(renewed)).statusCode, 401);
  });

  test('a deactivated user’s token cannot renew', async (t) => {
    const { app, admin, officer, renew } = await setup(t);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    const off = await app.inject({
      method: 'POST',
      url: `/api/users/${officer.id}/deactivate`,
      headers: admin,
    });
    assert.equal(off.statusCode, 200);
    const response = await renew(headers);
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().message, 'Your account is deactivated. Contact an administrator.');
  });

  test('a token issued before an admin reset the password cannot renew, nor can the temporary password’s', async (t) => {
    const { app, admin, officer, renew } = await setup(t);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    const reset = await app.inject({
      method: 'POST',
      url: `/api/users/${officer.id}/reset-password`,
      headers: admin,
      payload: { password: 'Temporary-Pass-1' },
    });
    assert.equal(reset.statusCode, 200);
    const response = await renew(headers);
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().message, 'You have been signed out. Please sign in again.');

    // The temporary password opens only the way to replace it.
    const temporary = await authHeader(app, OFFICER.email, 'Temporary-Pass-1');
    assert.equal((await renew(temporary)).statusCode, 403);
  });

  test('the renewed token carries the role as it is now', async (t) => {
    const { app, admin, officer, renew } = await setup(t);
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);
    const promoted = await app.inject({
      method: 'PATCH',
      url: `/api/users/${officer.id}`,
      headers: admin,
      payload: { role: 'admin' },
    });
    assert.equal(promoted.statusCode, 200);
    const body = loginResponseSchema.parse((await renew(headers)).json());
    assert.equal(body.user.role, 'admin');
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString());
    assert.equal(claims.role, 'admin');
  });
});
