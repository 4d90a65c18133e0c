import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { registerUserResponseSchema } from '@lender/shared/contract/users';
import type { App } from '../../app';
import { auditLog, files, users } from '../../db/schema';
import { assertSignatureChecked, writtenBy } from '../../../test/fixtures';
import { ADMIN, authHeader, build, createUser, type TestApp } from '../../../test/helper';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function userForm(
  fields: Record<string, string>,
  avatar?: { bytes: Buffer; name: string; type: string },
): FormData {
  const form = new FormData();
  const all = {
    firstName: 'Jane',
    lastName: 'Wanjiku',
    email: 'jane@lender.local',
    role: 'officer',
    password: 'Secret123!',
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  if (avatar) form.append('avatar', new Blob([avatar.bytes], { type: avatar.type }), avatar.name);
  return form;
}

async function register(app: App, headers: Record<string, string>, form: FormData) {
  return app.inject({ method: 'POST', url: '/api/users/register', headers, payload: form });
}

/** Nothing was stored: no user but the admin, no file row, no file on disk. */
async function assertNothingStored({ db, filesDir }: TestApp) {
  const [userCount] = await db.select({ n: count() }).from(users);
  const [fileCount] = await db.select({ n: count() }).from(files);
  assert.equal(userCount?.n, 1);
  assert.equal(fileCount?.n, 0);
  assert.deepEqual(await readdir(filesDir).catch(() => []), []);
}

describe('POST /api/users/register', () => {
  test('an admin creates a user: 201, no password hash, audited in the same transaction', async (t) => {
    const { app, db } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    const response = await register(app, headers, userForm({}));

    assert.equal(response.statusCode, 201);
    const body = registerUserResponseSchema.parse(response.json());
    assert.equal(body.message, 'User created successfully');
    assert.equal(body.user.email, 'jane@lender.local');
    assert.equal(body.user.role, 'officer');
    assert.equal(body.user.is_active, true);
    assert.equal(body.user.avatar, null);
    // Neither the password nor its hash is ever answered (must_change_password is only a flag).
    assert.doesNotMatch(response.body, /argon2|"password(_hash)?"/i);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(body.user.id)));
    assert.equal(entry?.action, 'user.created');
    assert.equal(entry?.entity, 'user');
    assert.equal(entry?.actorId, 1);
    assert.equal((entry?.after as { email: string }).email, 'jane@lender.local');
    assert.doesNotMatch(JSON.stringify(entry?.after), /argon2|"password(_hash)?"/i);
    // Rows written by one transaction carry its id in xmin.
    const userTx = await writtenBy(db, users, eq(users.id, body.user.id));
    assert.ok(userTx);
    assert.equal(await writtenBy(db, auditLog, eq(auditLog.id, entry?.id ?? 0)), userTx);
  });

  test('an officer may not create users: 403 with an error field', async (t) => {
    const { app, db } = await build(t);
    await createUser(db, { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' });
    const headers = await authHeader(app, 'officer@lender.local', 'Officer123!');
    const response = await register(app, headers, userForm({}));

    assert.equal(response.statusCode, 403);
    assert.equal(response.json().error, 'Forbidden');
    assert.equal(response.json().message, 'Only admins can create users');
  });

  test('e-mails are unique whatever their case: 409 naming the e-mail', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    assert.equal((await register(app, headers, userForm({}))).statusCode, 201);
    const response = await register(app, headers, userForm({ email: 'JANE@Lender.Local' }));

    assert.equal(response.statusCode, 409);
    assert.equal(response.json().message, 'A user with email JANE@Lender.Local already exists');
  });

  test('validation failures name the field: short password, bad e-mail, unknown role', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);

    const short = await register(app, headers, userForm({ password: 'short' }));
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().errors[0].field, 'password');
    assert.equal(short.json().errors[0].msg, 'Password must be at least 8 characters');
    assert.equal(short.json().message, 'password: Password must be at least 8 characters');

    const email = await register(app, headers, userForm({ email: 'not-an-email' }));
    assert.equal(email.statusCode, 400);
    assert.equal(email.json().message, 'email: Email must be a valid e-mail address');

    const role = await register(app, headers, userForm({ role: 'superuser' }));
    assert.equal(role.statusCode, 400);
    assert.equal(role.json().errors[0].msg, 'Role must be admin or officer');
  });

  test('a text file named .png is refused and nothing is stored', async (t) => {
    const testApp = await build(t);
    const headers = await authHeader(testApp.app, ADMIN.email, ADMIN.password);
    const response = await register(
      testApp.app,
      headers,
      userForm(
        {},
        {
          bytes: Buffer.from('I am not an image, just text.\n'.repeat(20)),
          name: 'me.png',
          type: 'image/png',
        },
      ),
    );

    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].field, 'avatar');
    assert.match(response.json().message, /^avatar: Image must be a JPEG, PNG or WebP file/);
    await assertNothingStored(testApp);
  });

  test('a file of another type is refused, naming the type', async (t) => {
    const testApp = await build(t);
    const headers = await authHeader(testApp.app, ADMIN.email, ADMIN.password);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
    const response = await register(
      testApp.app,
      headers,
      userForm({}, { bytes: pdf, name: 'a.jpg', type: 'image/jpeg' }),
    );

    assert.equal(response.statusCode, 400);
    assert.match(response.json().message, /application\/pdf/);
    await assertNothingStored(testApp);
  });

  test('a 6 MB image is refused (413) and nothing is stored', async (t) => {
    const testApp = await build(t);
    const headers = await authHeader(testApp.app, ADMIN.email, ADMIN.password);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await register(
      testApp.app,
      headers,
      userForm({}, { bytes: big, name: 'big.png', type: 'image/png' }),
    );

    assert.equal(response.statusCode, 413);
    assert.equal(response.json().errors[0].field, 'avatar');
    assert.equal(response.json().message, 'avatar: File must be at most 5 MB');
    await assertNothingStored(testApp);
  });

  test('a PNG avatar is stored and served only through its signed URL, until it expires', async (t) => {
    const { app, db, clock, filesDir } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    const response = await register(
      app,
      headers,
      userForm({}, { bytes: PNG, name: 'anything.bin', type: 'application/octet-stream' }),
    );

    assert.equal(response.statusCode, 201);
    const { user } = registerUserResponseSchema.parse(response.json());
    assert.ok(user.avatar);
    const avatarUrl = new URL(user.avatar, 'http://localhost');
    assert.match(avatarUrl.pathname, /^\/api\/files\/[\w-]+\.png$/);
    const [stored] = await db.select().from(files);
    assert.equal(stored?.mime, 'image/png');
    assert.equal(stored?.ownerEntity, 'user');
    assert.equal(stored?.ownerId, user.id);
    assert.deepEqual(await readdir(filesDir), [stored?.key]);

    // No bearer header needed: the signature is the permission.
    const image = await app.inject({ method: 'GET', url: user.avatar });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.deepEqual(image.rawPayload, PNG);

    await assertSignatureChecked(app, user.avatar);
    const otherKey = await app.inject({
      method: 'GET',
      url: user.avatar.replace(/files\/[\w-]+/, 'files/AAAAAAAAAAAAAAAAAAAAAAAA'),
    });
    assert.equal(otherKey.statusCode, 403);
    const missing = await app.inject({
      method: 'GET',
      url: app.files.signedUrl('AAAAAAAAAAAAAAAAAAAAAAAA.png') ?? '',
    });
    assert.equal(missing.statusCode, 404);

    clock.advance(16 * 60_000);
    const expired = await app.inject({ method: 'GET', url: user.avatar });
    assert.equal(expired.statusCode, 403);
    assert.match(expired.json().message, /expired/);

    // Reading the user again hands out a fresh URL.
    const again = await app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: await authHeader(app, ADMIN.email, ADMIN.password),
    });
    const fresh = again.json()[0].avatar as string;
    assert.equal((await app.inject({ method: 'GET', url: fresh })).statusCode, 200);
  });
});
