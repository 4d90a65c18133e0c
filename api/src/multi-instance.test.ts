/**
 * Two API instances behind one load balancer, as docs/deploy.md sets them up: each listens on its
 * own port with its own DATA_DIR and no JWT_SECRET, both on one database, files in one S3 bucket
 * (a local s3rver), TRUST_PROXY=1 with the client address in X-Forwarded-For as the proxy writes
 * it. Requests alternate between them over real HTTP. On PostgreSQL the second instance opens its
 * own connection pool, as a second server does; on PGlite (in-process, one handle) the two share it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { ADMIN, build, buildInstance, type TestApp } from '../test/helper';
import { startLocalS3, type LocalS3 } from '../test/s3-server';
import { applicationBody } from '../test/support/applications';
import { freshMpesaCode } from '../test/fixtures';
import { customerForm, minimalFields, PNG } from '../test/support/customers';

/** The client's address, as the proxy in front of both instances reports it. */
const CLIENT = '203.0.113.10';
const OFFICER = { email: 'wanjiru@lender.local', password: 'Officer123!' };

interface Instance {
  name: string;
  base: string;
  testApp: TestApp;
  dataDir: string;
}

interface Sent {
  status: number;
  // Whatever JSON the endpoint answers; each assertion says what it expects of it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

async function send(
  instance: Instance,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; from?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? CLIENT };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined = options.form;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${instance.base}${path}`, { method, headers, ...(body ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function signIn(instance: Instance, email: string, password: string): Promise<string> {
  const response = await send(instance, 'POST', '/api/users/login', { body: { email, password } });
  assert.equal(response.status, 200, `sign-in on ${instance.name}: ${JSON.stringify(response.json)}`);
  return response.json.access_token as string;
}

/** The admin registers OFFICER on `instance`, under the given name; answers the new user's id. */
async function registerOfficer(
  instance: Instance,
  adminToken: string,
  name: { firstName: string; lastName: string },
): Promise<number> {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    ...name,
    email: OFFICER.email,
    role: 'officer',
    password: OFFICER.password,
  }))
    form.append(field, value);
  const created = await send(instance, 'POST', '/api/users/register', { token: adminToken, form });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  return created.json.user.id as number;
}

let s3: LocalS3;
before(async () => {
  s3 = await startLocalS3();
});
after(async () => s3.close());

async function tempDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lender-instance-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Instances A and B, listening. */
async function twoInstances(t: TestContext): Promise<[Instance, Instance]> {
  const settings = async () => ({
    jwtSecret: undefined,
    dataDir: await tempDir(t),
    s3: s3.settings,
    trustProxy: 1 as const,
  });
  const first = await build(t, await settings());
  const second = await buildInstance(t, first, await settings());
  const listen = async (name: string, testApp: TestApp): Promise<Instance> => ({
    name,
    base: await testApp.app.listen({ port: 0, host: '127.0.0.1' }),
    testApp,
    dataDir: testApp.config.dataDir,
  });
  const a = await listen('A', first);
  const b = await listen('B', second);
  assert.notEqual(a.base, b.base);
  return [a, b];
}

describe('two API instances on one database and one bucket', () => {
  test('a loan’s whole life, each request on the other instance than the one before', async (t) => {
    const [a, b] = await twoInstances(t);

    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    await registerOfficer(b, admin, { firstName: 'Wanjiru', lastName: 'Mwangi' });

    const officer = await signIn(a, OFFICER.email, OFFICER.password);
    const registered = await send(b, 'POST', '/api/customerNew', {
      token: officer,
      form: customerForm(minimalFields(), { passport_photo: PNG }),
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.json));
    const customerId = registered.json.id as number;

    // The photo went to the bucket, not to either instance's DATA_DIR, and A serves it.
    const details = await send(b, 'GET', `/api/customerNew/${customerId}`, { token: officer });
    assert.equal(details.status, 200);
    const photoUrl = details.json.customer.passport_photo as string;
    assert.match(photoUrl, /^\/api\/files\/.+\?exp=\d+&sig=/);
    const photo = await fetch(`${a.base}${photoUrl}`);
    assert.equal(photo.status, 200);
    assert.equal(photo.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await photo.arrayBuffer()), PNG);
    for (const instance of [a, b]) {
      assert.deepEqual(await readdir(join(instance.dataDir, 'files')).catch(() => []), [], instance.name);
    }

    const product = await send(a, 'POST', '/api/loanProducts', {
      token: admin,
      body: { name: 'Phone Plus', minAmount: 1000, maxAmount: 50000, interestRate: 10, durationDays: 30 },
    });
    assert.equal(product.status, 201, JSON.stringify(product.json));
    const applied = await send(a, 'POST', '/api/loansApplication', {
      token: officer,
      body: applicationBody(customerId, product.json.product.id as number, { amount: 10000 }),
    });
    assert.equal(applied.status, 201, JSON.stringify(applied.json));
    const approved = await send(b, 'PUT', `/api/loansApplication/approve/${applied.json.id}`, {
      token: admin,
      body: { disbursedAmount: 10000 },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.json));
    const loanId = approved.json.loan_id as number;
    const disbursed = await send(a, 'PUT', `/api/loans/disburse/${loanId}`, {
      token: admin,
      body: { mpesaCode: freshMpesaCode('QAP') },
    });
    assert.equal(disbursed.status, 200, JSON.stringify(disbursed.json));

    const paymentCode = freshMpesaCode('QAP');
    const paid = await send(b, 'POST', '/api/loans/loan-payment', {
      token: officer,
      body: { loanId, amount: 2750.5, mpesaCode: paymentCode, method: 'mpesa' },
    });
    assert.equal(paid.status, 201, JSON.stringify(paid.json));
    const accepted = await send(a, 'PUT', `/api/repayments/${paid.json.id}`, {
      token: admin,
      body: { status: 'paid', loanId, amount: 2750.5, mpesaCode: paymentCode },
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.json));

    const loan = await send(b, 'GET', `/api/loans/${loanId}`, { token: officer });
    assert.equal(loan.status, 200);
    assert.equal(loan.json.status, 'partially_paid');
    assert.equal(loan.json.total_amount, 11000);
    assert.equal(loan.json.paid_amount, 2750.5);
    assert.equal(loan.json.remaining_balance, 8249.5);
    const payments = await send(b, 'GET', `/api/loans/repayments/${loanId}`, { token: officer });
    assert.deepEqual(
      (payments.json as { transaction_code: string; status: string; amount_paid: number }[]).map((p) => [
        p.transaction_code,
        p.status,
        p.amount_paid,
      ]),
      [[paymentCode, 'paid', 2750.5]],
    );
  });

  test('sign-in throttling counted on A holds on B, for the client address the proxy reports', async (t) => {
    const [a, b] = await twoInstances(t);
    const attacker = '198.51.100.7';
    // 5 free failures for one account at one address (domain/sign-in-throttle.ts), all on A.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const failed = await send(a, 'POST', '/api/users/login', {
        body: { email: ADMIN.email, password: 'wrong-password' },
        from: attacker,
      });
      assert.equal(failed.status, 401, `attempt ${attempt}`);
    }
    const refused = await send(b, 'POST', '/api/users/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
      from: attacker,
    });
    assert.equal(refused.status, 429);
    assert.equal(refused.json.retryAfterSeconds, 30);
    // The throttle is for that address: the admin at the office's address still signs in on B.
    await signIn(b, ADMIN.email, ADMIN.password);
    // And B's list of throttles, which an admin clears, shows A's.
    const admin = await signIn(b, ADMIN.email, ADMIN.password);
    const throttles = await send(b, 'GET', '/api/sign-in-throttles', { token: admin });
    assert.equal(throttles.status, 200);
    const pair = (throttles.json.data as { scope: string; address: string; blocked_until: string }[]).find(
      (row) => row.scope === 'pair' && row.address === attacker,
    );
    assert.equal(pair?.blocked_until, '2025-03-03T07:00:30.000Z', JSON.stringify(throttles.json));
  });

  test('a user deactivated on A and a session ended on A are refused on B at the next request', async (t) => {
    const [a, b] = await twoInstances(t);
    const admin = await signIn(a, ADMIN.email, ADMIN.password);
    const officerId = await registerOfficer(a, admin, { firstName: 'Otieno', lastName: 'Ouma' });

    const officer = await signIn(b, OFFICER.email, OFFICER.password);
    assert.equal((await send(b, 'GET', '/api/customers', { token: officer })).status, 200);
    const deactivated = await send(a, 'POST', `/api/users/${officerId}/deactivate`, { token: admin });
    assert.equal(deactivated.status, 200, JSON.stringify(deactivated.json));
    const refused = await send(b, 'GET', '/api/customers', { token: officer });
    assert.equal(refused.status, 401);
    assert.equal(refused.json.message, 'Your account is deactivated. Contact an administrator.');
    assert.equal(
      (await send(b, 'POST', '/api/users/login', { body: OFFICER })).status,
      401,
      'nor can they sign in on B',
    );

    // The admin signs out on A: the token stops working on B too.
    const adminOnB = await send(b, 'GET', '/api/users', { token: admin });
    assert.equal(adminOnB.status, 200);
    assert.equal((await send(a, 'POST', '/api/users/logout', { token: admin })).status, 200);
    const signedOut = await send(b, 'GET', '/api/users', { token: admin });
    assert.equal(signedOut.status, 401);
    assert.equal(signedOut.json.message, 'You have been signed out. Please sign in again.');
  });
});
