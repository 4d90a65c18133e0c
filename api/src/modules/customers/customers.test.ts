import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { customerDetailsSchema, customersPageSchema } from '@lender/shared/contract/customers';
import type { App } from '../../app';
import { auditLog, files } from '../../db/schema';
import { fixtureApplication, fixturePendingLoan } from '../../../test/fixtures';
import { ADMIN, authHeader, build, createUser, type TestApp } from '../../../test/helper';
import {
  countCustomerRows,
  FULL_FIELDS,
  fields,
  minimalFields,
  PNG,
  registerThroughApi,
  storedFiles,
} from '../../../test/support/customers';

type Headers = Record<string, string>;

const OFFICER_A = { email: 'a@lender.local', password: 'OfficerA123!', role: 'officer' as const };
const OFFICER_B = { email: 'b@lender.local', password: 'OfficerB123!', role: 'officer' as const };

interface Staff {
  admin: Headers;
  officerA: Headers;
  officerB: Headers;
  officerAId: number;
  officerBId: number;
}

/** build(t) with officers Alice (A) and Brian (B); the admin and both officers signed in. */
async function setup(t: TestContext): Promise<TestApp & Staff> {
  const testApp = await build(t);
  const { app, db } = testApp;
  const a = await createUser(db, { ...OFFICER_A, firstName: 'Alice', lastName: 'Achieng' });
  const b = await createUser(db, { ...OFFICER_B, firstName: 'Brian', lastName: 'Barasa' });
  return {
    ...testApp,
    admin: await authHeader(app, ADMIN.email, ADMIN.password),
    officerA: await authHeader(app, OFFICER_A.email, OFFICER_A.password),
    officerB: await authHeader(app, OFFICER_B.email, OFFICER_B.password),
    officerAId: a.id,
    officerBId: b.id,
  };
}

/** A minimal customer numbered n: unique national ID and phone, registered one second after the last. */
async function registerNumbered(
  testApp: TestApp,
  headers: Headers,
  n: number,
  overrides: Record<string, string | undefined> = {},
): Promise<number> {
  testApp.clock.advance(1000);
  return registerThroughApi(
    testApp.app,
    headers,
    minimalFields({
      first_name: `First${n}`,
      last_name: `Last${n}`,
      national_id: String(40_000_000 + n),
      phone: `07000${String(n).padStart(5, '0')}`,
      ...overrides,
    }),
  );
}

async function listPage(app: App, headers: Headers, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/customers${query}`, headers });
  assert.equal(response.statusCode, 200, response.body);
  return customersPageSchema.parse(response.json());
}

const ids = (page: { data: { id: number }[] }) => page.data.map((c) => c.id);

describe('GET /api/customers', () => {
  test('newest first, 10 a page, with page meta; rows carry the registering user and signed photo URLs', async (t) => {
    const s = await setup(t);
    const { app, officerA } = s;
    const created: number[] = [];
    for (let n = 1; n <= 12; n += 1) created.push(await registerNumbered(s, officerA, n));
    const newestFirst = [...created].reverse();

    const first = await listPage(app, officerA);
    assert.deepEqual(first.meta, { page: 1, pageSize: 10, total: 12, totalPages: 2 });
    assert.deepEqual(ids(first), newestFirst.slice(0, 10));
    const second = await listPage(app, officerA, '?page=2');
    assert.deepEqual(second.meta, { page: 2, pageSize: 10, total: 12, totalPages: 2 });
    assert.deepEqual(ids(second), newestFirst.slice(10));
    // Past the end: no row to carry the count (read with the page), so it is read alone.
    const past = await listPage(app, officerA, '?page=3');
    assert.deepEqual(past.data, []);
    assert.deepEqual(past.meta, { page: 3, pageSize: 10, total: 12, totalPages: 2 });

    const [row] = first.data;
    assert.equal(row?.first_name, 'First12');
    assert.equal(row?.phone, '+254700000012');
    assert.equal(row?.created_by_name, 'Alice Achieng');
    assert.equal(row?.passport_photo, null);
    assert.ok(row?.national_id_photo);
    assert.equal((await app.inject({ method: 'GET', url: row.national_id_photo })).statusCode, 200);

    const empty = await listPage(app, await authHeader(app, ADMIN.email, ADMIN.password), '?officerId=999');
    assert.deepEqual(empty.meta, { page: 1, pageSize: 10, total: 0, totalPages: 1 });

    for (const query of ['?page=0', '?page=x', '?userId=-1']) {
      const invalid = await app.inject({ method: 'GET', url: `/api/customers${query}`, headers: officerA });
      assert.equal(invalid.statusCode, 400, query);
    }
    assert.equal((await app.inject({ method: 'GET', url: '/api/customers' })).statusCode, 401);
  });

  test('an officer sees only their own book whatever the query says; an admin sees all, narrowed by userId or officerId', async (t) => {
    const s = await setup(t);
    const { app } = s;
    const a1 = await registerNumbered(s, s.officerA, 1);
    const a2 = await registerNumbered(s, s.officerA, 2);
    const b1 = await registerNumbered(s, s.officerB, 3);
    const admin1 = await registerNumbered(s, s.admin, 4);

    for (const query of [
      '',
      `?role=officer&userId=${s.officerAId}`,
      `?role=admin&userId=${s.officerBId}`,
      `?officerId=${s.officerBId}`,
      '?role=admin',
    ]) {
      assert.deepEqual(ids(await listPage(app, s.officerA, query)), [a2, a1], query);
    }
    assert.deepEqual(ids(await listPage(app, s.officerB, '?role=admin')), [b1]);

    const everyone = [admin1, b1, a2, a1];
    assert.deepEqual(ids(await listPage(app, s.admin)), everyone);
    assert.deepEqual(ids(await listPage(app, s.admin, '?role=admin')), everyone);
    // The specification's client sends the caller's own id with list calls: that does not narrow.
    assert.deepEqual(ids(await listPage(app, s.admin, '?role=admin&userId=1')), everyone);
    assert.deepEqual(ids(await listPage(app, s.admin, '?role=admin&officerId=1')), everyone);
    assert.deepEqual(ids(await listPage(app, s.admin, `?userId=1&officerId=${s.officerBId}`)), [b1]);
    assert.deepEqual(ids(await listPage(app, s.admin, `?role=admin&userId=${s.officerAId}`)), [a2, a1]);
    assert.deepEqual(ids(await listPage(app, s.admin, `?officerId=${s.officerBId}`)), [b1]);
    const names = (await listPage(app, s.admin)).data.map((c) => c.created_by_name);
    assert.deepEqual(names, ['Admin User', 'Brian Barasa', 'Alice Achieng', 'Alice Achieng']);
  });

  test('search: names, phone as typed (07…, +254…, parts), national ID; case-insensitive, over every page, in scope', async (t) => {
    const s = await setup(t);
    const { app } = s;
    // The one to find is the oldest: on the last page of the unsearched list.
    const grace = await registerNumbered(s, s.officerA, 0, {
      first_name: 'Grace',
      last_name: 'Mutua',
      phone: '0722 555 666',
      national_id: '31415926',
    });
    const kamaus: number[] = [];
    for (let n = 1; n <= 11; n += 1) {
      kamaus.push(await registerNumbered(s, s.officerA, n, { last_name: n % 2 ? 'Kamau' : 'KAMAU' }));
    }
    const otherBook = await registerNumbered(s, s.officerB, 99, {
      first_name: 'Grace',
      last_name: 'Mutua',
    });
    assert.equal((await listPage(app, s.officerA)).meta.totalPages, 2);

    const search = (headers: Headers, term: string, page = 1) =>
      listPage(app, headers, `?page=${page}&search=${encodeURIComponent(term)}`);
    for (const term of [
      'mUTUA',
      'Grace',
      'grace mutua',
      'Mutua Grace',
      'race Mut',
      '0722555666',
      '0722 555',
      '0722-555-666',
      '+254722555666',
      '254722555',
      '722555',
      '31415926',
      '3141',
    ]) {
      assert.deepEqual(ids(await search(s.officerA, term)), [grace], term);
    }
    // The admin finds both Grace Mutuas; officer B only theirs.
    assert.deepEqual(ids(await search(s.admin, 'mutua')), [otherBook, grace]);
    assert.deepEqual(ids(await search(s.officerB, 'mutua')), [otherBook]);
    assert.deepEqual(ids(await search(s.officerB, '31415926')), []);

    // Many matches are paged like the list.
    const newestKamaus = [...kamaus].reverse();
    const first = await search(s.officerA, 'kamau');
    assert.deepEqual(first.meta, { page: 1, pageSize: 10, total: 11, totalPages: 2 });
    assert.deepEqual(ids(first), newestKamaus.slice(0, 10));
    assert.deepEqual(ids(await search(s.officerA, 'kamau', 2)), newestKamaus.slice(10));

    // Wildcards typed by the user match themselves only; blank is no search.
    for (const term of ['%', '_', '\\', 'Gr_ce', '%Mutua']) {
      assert.equal((await search(s.officerA, term)).meta.total, 0, term);
    }
    assert.equal((await search(s.officerA, '   ')).meta.total, 12);
    const tooLong = await app.inject({
      method: 'GET',
      url: `/api/customers?search=${'x'.repeat(101)}`,
      headers: s.officerA,
    });
    assert.equal(tooLong.statusCode, 400);
  });
});

describe('GET /api/customerNew/{id}', () => {
  test("an officer reads their own customers; another officer's is 404, never 403; an admin reads all", async (t) => {
    const s = await setup(t);
    const { app } = s;
    const mine = await registerThroughApi(app, s.officerA, FULL_FIELDS, { passport_photo: PNG });
    const get = (headers: Headers, id: number | string) =>
      app.inject({ method: 'GET', url: `/api/customerNew/${id}`, headers });

    const own = await get(s.officerA, mine);
    assert.equal(own.statusCode, 200);
    assert.equal(customerDetailsSchema.parse(own.json()).customer.id, mine);

    const other = await get(s.officerB, mine);
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().message, `Customer ${mine} not found`);
    assert.equal(other.json().error, undefined);
    assert.doesNotMatch(other.body, /Wanjiku|files/);

    const asAdmin = customerDetailsSchema.parse((await get(s.admin, mine)).json());
    assert.equal(asAdmin.referees.length, 2);
    assert.ok(asAdmin.customer.passport_photo);

    assert.equal((await get(s.admin, 999)).statusCode, 404);
    assert.equal((await get(s.admin, 'abc')).statusCode, 400);
    assert.equal((await app.inject({ method: 'GET', url: `/api/customerNew/${mine}` })).statusCode, 401);
  });
});

describe('DELETE /api/customers/{id}', () => {
  const remove = (app: App, headers: Headers, id: number | string) =>
    app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers });
  /** Two of officer A's customers: one registered in full with a passport photo, one minimal. */
  const registerFullAndMinimal = async ({ app, officerA }: TestApp & Staff) =>
    [
      await registerThroughApi(app, officerA, FULL_FIELDS, { passport_photo: PNG }),
      await registerThroughApi(app, officerA, minimalFields()),
    ] as const;

  test('officers may not delete, not even their own customers: 403 with an error field', async (t) => {
    const s = await setup(t);
    const { app } = s;
    const mine = await registerThroughApi(app, s.officerA, FULL_FIELDS);
    for (const headers of [s.officerA, s.officerB]) {
      const response = await remove(app, headers, mine);
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().error, 'Forbidden');
      assert.equal(response.json().message, 'Only admins can delete customers');
    }
    assert.equal((await countCustomerRows(s.db)).customers, 1);
  });

  test('an unknown id is 404', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    const response = await remove(app, headers, 4242);
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().message, 'Customer 4242 not found');
  });

  test('a customer with an application or a loan cannot be deleted (409), and keeps everything', async (t) => {
    const s = await setup(t);
    const { app, db, filesDir } = s;
    const [withApplication, withLoan] = await registerFullAndMinimal(s);
    await fixtureApplication(db, withApplication, s.officerAId);
    await fixturePendingLoan(db, withLoan, s.officerAId);
    const before = await countCustomerRows(db);
    const filesBefore = await storedFiles(filesDir);

    for (const id of [withApplication, withLoan]) {
      const response = await remove(app, s.admin, id);
      assert.equal(response.statusCode, 409);
      assert.equal(
        response.json().message,
        'This customer has loan applications or loans and cannot be deleted',
      );
    }
    assert.deepEqual(await countCustomerRows(db), before);
    assert.deepEqual(await storedFiles(filesDir), filesBefore);
    const [audits] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.deleted'));
    assert.equal(audits?.n, 0);
  });

  test('an admin deletes a customer with no loans: every row and file goes, audited', async (t) => {
    const s = await setup(t);
    const { app, db, filesDir } = s;
    const [doomed, kept] = await registerFullAndMinimal(s);
    const { customer } = customerDetailsSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/customerNew/${doomed}`, headers: s.admin })).json(),
    );
    assert.ok(customer.passport_photo);
    assert.equal((await storedFiles(filesDir)).length, 3);

    const response = await remove(app, s.admin, doomed);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { message: 'Customer deleted successfully' });

    assert.deepEqual(await countCustomerRows(db), {
      customers: 1,
      referees: 1,
      collaterals: 0,
      guarantors: 0,
      guarantorCollaterals: 0,
      files: 1,
    });
    const [keptFile] = await db.select({ key: files.key }).from(files);
    assert.deepEqual(await storedFiles(filesDir), [keptFile?.key]);
    assert.equal((await app.inject({ method: 'GET', url: customer.passport_photo })).statusCode, 404);
    assert.equal(
      (await app.inject({ method: 'GET', url: `/api/customerNew/${doomed}`, headers: s.admin })).statusCode,
      404,
    );
    assert.deepEqual(ids(await listPage(app, s.admin)), [kept]);
    assert.equal((await remove(app, s.admin, doomed)).statusCode, 404);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'customer.deleted'));
    assert.equal(entry?.entity, 'customer');
    assert.equal(entry?.entityId, String(doomed));
    assert.equal(entry?.actorId, 1);
    assert.equal(entry?.after, null);
    const snapshot = entry?.before as { national_id: string; referees: unknown[]; files: string[] };
    assert.equal(snapshot.national_id, '12345678');
    assert.equal(snapshot.referees.length, 2);
    assert.equal(snapshot.files.length, 2);

    // The national ID is free again.
    await registerThroughApi(app, s.officerA, fields(FULL_FIELDS));
  });
});

describe('OpenAPI', () => {
  test('documents the customers routes from the shared schemas', async (t) => {
    const { app } = await build(t);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    assert.ok(doc.paths['/api/customers'].get);
    assert.ok(doc.paths['/api/customers/{id}'].delete);
    assert.ok(doc.paths['/api/customerNew/{id}'].get);
    const register = doc.paths['/api/customerNew'].post;
    const body = register.requestBody.content['multipart/form-data'].schema;
    for (const field of ['first_name', 'national_id_photo', 'passport_photo', 'referees[0][phone_number]']) {
      assert.ok(body.properties[field], field);
    }
    assert.ok(body.required.includes('national_id_photo'));
    assert.ok(register.responses['201']);
    assert.ok(doc.paths['/api/customers'].get.parameters.some((p: { name: string }) => p.name === 'search'));
  });
});
