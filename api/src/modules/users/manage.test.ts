import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { USER_TEXTS, userChangedResponseSchema } from '@lender/shared/contract/users';
import { auditLog } from '../../db/schema';
import { ADMIN, authHeader, build, createUser, login } from '../../../test/helper';

const OFFICER = { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' as const };
const SECOND_ADMIN = { email: 'second@lender.local', password: 'Second123!', role: 'admin' as const };

async function setup(t: Parameters<typeof build>[0]) {
  const built = await build(t);
  const officer = await createUser(built.db, OFFICER);
  const admin = await authHeader(built.app, ADMIN.email, ADMIN.password);
  const adminId = JSON.parse(Buffer.from(admin.authorization.split('.')[1] ?? '', 'base64url').toString())
    .sub as string;
  const send = (
    method: 'PATCH' | 'POST',
    url: string,
    headers: { authorization: string },
    payload?: object,
  ) => built.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const me = (headers: { authorization: string }, id: number) =>
    built.app.inject({ method: 'GET', url: `/api/users/${id}`, headers });
  const actions = async (entityId: number) =>
    (
      await built.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(entityId)))
    ).map((row) => row.action);
  return { ...built, officer, admin, adminId: Number(adminId), send, me, actions };
}

describe('managing users', () => {
  test('an admin edits a user’s name and role, audited with before and after', async (t) => {
    const { officer, admin, send, actions, db } = await setup(t);
    const response = await send('PATCH', `/users/${officer.id}`, admin, {
      firstName: 'Achieng',
      role: 'admin',
    });
    assert.equal(response.statusCode, 200);
    const body = userChangedResponseSchema.parse(response.json());
    assert.equal(body.message, USER_TEXTS.updated);
    assert.equal(body.user.first_name, 'Achieng');
    assert.equal(body.user.role, 'admin');
    assert.deepEqual(await actions(officer.id), ['user.updated']);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'user.updated'));
    assert.equal((entry?.before as { role: string }).role, 'officer');
    assert.equal((entry?.after as { role: string }).role, 'admin');
    assert.ok(!JSON.stringify(entry).includes('argon2'), 'no password hash in the audit trail');

    // The same values again change nothing and audit nothing.
    assert.equal(
      (await send('PATCH', `/users/${officer.id}`, admin, { firstName: 'Achieng' })).statusCode,
      200,
    );
    assert.deepEqual(await actions(officer.id), ['user.updated']);
  });

  test('refuses an empty or unknown change, naming what is wrong', async (t) => {
    const { officer, admin, send } = await setup(t);
    const empty = await send('PATCH', `/users/${officer.id}`, admin, {});
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().message, /Nothing to change/);
    const email = await send('PATCH', `/users/${officer.id}`, admin, { email: 'x@y.z' });
    assert.equal(email.statusCode, 400);
    const role = await send('PATCH', `/users/${officer.id}`, admin, { role: 'owner' });
    assert.equal(role.json().errors[0].field, 'role');
    assert.equal((await send('PATCH', '/users/999999', admin, { firstName: 'X' })).statusCode, 404);
  });

  test('deactivation ends the user’s sessions at once; reactivation lets them sign in again', async (t) => {
    const { app, officer, admin, send, me, actions } = await setup(t);
    const officerToken = await authHeader(app, OFFICER.email, OFFICER.password);
    const deactivated = await send('POST', `/users/${officer.id}/deactivate`, admin);
    assert.equal(deactivated.statusCode, 200);
    assert.equal(deactivated.json().message, USER_TEXTS.deactivated);
    assert.equal(deactivated.json().user.is_active, false);
    assert.equal((await me(officerToken, officer.id)).statusCode, 401);
    assert.equal((await login(app, OFFICER.email, OFFICER.password)).statusCode, 401);

    const reactivated = await send('POST', `/users/${officer.id}/reactivate`, admin);
    assert.equal(reactivated.json().user.is_active, true);
    // The old token stays dead: deactivation ended its session, not just paused it.
    assert.equal((await me(officerToken, officer.id)).statusCode, 401);
    assert.equal((await login(app, OFFICER.email, OFFICER.password)).statusCode, 200);
    assert.deepEqual(await actions(officer.id), ['user.deactivated', 'user.reactivated']);
  });

  test('an admin cannot deactivate themselves, nor leave the product without an active admin', async (t) => {
    const { db, admin, adminId, send } = await setup(t);
    const own = await send('POST', `/users/${adminId}/deactivate`, admin);
    assert.equal(own.statusCode, 409);
    assert.equal(own.json().message, USER_TEXTS.ownAccount);
    const demoteSelf = await send('PATCH', `/users/${adminId}`, admin, { role: 'officer' });
    assert.equal(demoteSelf.statusCode, 409);
    assert.equal(demoteSelf.json().message, USER_TEXTS.lastAdmin);

    // With a second admin, one may be demoted, but then the other is the last.
    const second = await createUser(db, SECOND_ADMIN);
    assert.equal((await send('PATCH', `/users/${second.id}`, admin, { role: 'officer' })).statusCode, 200);
    assert.equal((await send('PATCH', `/users/${adminId}`, admin, { role: 'officer' })).statusCode, 409);
  });

  test('two admins deactivating each other at the same moment: exactly one wins', async (t) => {
    for (let trial = 0; trial < 5; trial += 1) {
      const { app, db, admin, adminId, send } = await setup(t);
      const second = await createUser(db, SECOND_ADMIN);
      const secondToken = await authHeader(app, SECOND_ADMIN.email, SECOND_ADMIN.password);
      const [a, b] = await Promise.all([
        send('POST', `/users/${second.id}/deactivate`, admin),
        send('POST', `/users/${adminId}/deactivate`, secondToken),
      ]);
      const statuses = [a?.statusCode, b?.statusCode].sort();
      // The loser is refused as the last admin, or finds its own session ended (401).
      assert.equal(
        statuses.filter((status) => status === 200).length,
        1,
        `trial ${trial}: ${statuses.join(',')}`,
      );
      assert.ok(statuses.every((status) => status === 200 || status === 409 || status === 401));
    }
  });

  test('a password reset ends the user’s sessions and lets them do nothing but choose a new password', async (t) => {
    const { app, officer, admin, send, me, actions } = await setup(t);
    const before = await authHeader(app, OFFICER.email, OFFICER.password);
    const reset = await send('POST', `/users/${officer.id}/reset-password`, admin, {
      password: 'Temporary1',
    });
    assert.equal(reset.statusCode, 200);
    assert.equal(reset.json().message, USER_TEXTS.passwordReset);
    assert.equal(reset.json().user.must_change_password, true);
    assert.equal((await me(before, officer.id)).statusCode, 401);
    assert.equal((await login(app, OFFICER.email, OFFICER.password)).statusCode, 401);

    const signedIn = await login(app, OFFICER.email, 'Temporary1');
    assert.equal(signedIn.json().user.must_change_password, true);
    const temporary = { authorization: `Bearer ${signedIn.json().access_token}` };
    const loans = await app.inject({ method: 'GET', url: '/api/loans/loan-details', headers: temporary });
    assert.equal(loans.statusCode, 403);
    assert.equal(loans.json().message, USER_TEXTS.mustChangePassword);
    assert.equal((await me(temporary, officer.id)).statusCode, 200);

    const changed = await send('POST', '/users/me/password', temporary, {
      currentPassword: 'Temporary1',
      newPassword: 'MyOwnPassword9',
    });
    assert.equal(changed.statusCode, 200);
    assert.equal(changed.json().message, USER_TEXTS.passwordChanged);
    assert.equal(changed.json().user.must_change_password, false);
    const fresh = { authorization: `Bearer ${changed.json().access_token}` };
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/loans/loan-details', headers: fresh })).statusCode,
      200,
    );
    // The token used for the change was a session of the temporary password: it has ended.
    assert.equal((await me(temporary, officer.id)).statusCode, 401);
    assert.deepEqual(await actions(officer.id), ['user.password_reset', 'user.password_changed']);
  });

  test('changing one’s own password needs the current one, throttled as sign-in is', async (t) => {
    const { app, officer, send, me } = await setup(t);
    const token = await authHeader(app, OFFICER.email, OFFICER.password);
    const wrong = await send('POST', '/users/me/password', token, {
      currentPassword: 'not-it',
      newPassword: 'Whatever123',
    });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json().errors, [
      { field: 'currentPassword', msg: USER_TEXTS.wrongCurrentPassword },
    ]);
    const same = await send('POST', '/users/me/password', token, {
      currentPassword: OFFICER.password,
      newPassword: OFFICER.password,
    });
    assert.equal(same.json().errors[0].field, 'newPassword');
    const short = await send('POST', '/users/me/password', token, {
      currentPassword: OFFICER.password,
      newPassword: 'short',
    });
    assert.equal(short.json().errors[0].field, 'newPassword');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await send('POST', '/users/me/password', token, {
        currentPassword: 'guess',
        newPassword: 'Whatever123',
      });
    }
    const throttled = await send('POST', '/users/me/password', token, {
      currentPassword: OFFICER.password,
      newPassword: 'Whatever123',
    });
    assert.equal(throttled.statusCode, 429);
    assert.equal((await me(token, officer.id)).statusCode, 200, 'a refused change leaves the session alone');
  });

  test('officers can do none of it', async (t) => {
    const { app, officer, send } = await setup(t);
    const token = await authHeader(app, OFFICER.email, OFFICER.password);
    for (const [method, url, payload] of [
      ['PATCH', `/users/${officer.id}`, { role: 'admin' }],
      ['POST', `/users/${officer.id}/deactivate`, undefined],
      ['POST', `/users/${officer.id}/reactivate`, undefined],
      ['POST', `/users/${officer.id}/reset-password`, { password: 'Temporary1' }],
    ] as const) {
      const response = await send(method, url, token, payload);
      assert.equal(response.statusCode, 403, `${method} ${url}`);
      assert.equal(response.json().error, 'Forbidden');
    }
  });
});
