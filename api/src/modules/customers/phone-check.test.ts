import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { phoneCheckResponseSchema, PHONE_CHECK_LIMIT } from '@lender/shared/contract/customers';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ADMIN, authHeader, build, createUser } from '../../../test/helper';
import { minimalFields, registerThroughApi } from '../../../test/support/customers';
import { findCustomersByPhone } from './repository';

const URL = `/api${apiRoutes.customers.phoneCheck}`;
const OFFICER_A = { email: 'a@lender.local', password: 'OfficerA123!', role: 'officer' as const };
const OFFICER_B = { email: 'b@lender.local', password: 'OfficerB123!', role: 'officer' as const };

test('GET /api/customers/phone-check names the holders of a phone in the caller’s book and only counts the others', async (t) => {
  const { app, db } = await build(t);
  await createUser(db, { ...OFFICER_A, firstName: 'Alice', lastName: 'Achieng' });
  await createUser(db, { ...OFFICER_B, firstName: 'Brian', lastName: 'Barasa' });
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const officerA = await authHeader(app, OFFICER_A.email, OFFICER_A.password);
  const officerB = await authHeader(app, OFFICER_B.email, OFFICER_B.password);

  const jane = await registerThroughApi(
    app,
    officerA,
    minimalFields({ first_name: 'Jane', last_name: 'Wanjiru', phone: '0712345678', national_id: '11111111' }),
  );
  // The same phone again, in officer B's book: a shared phone is not refused.
  const peter = await registerThroughApi(
    app,
    officerB,
    minimalFields({
      first_name: 'Peter',
      last_name: 'Mwangi',
      phone: '+254712345678',
      national_id: '22222222',
    }),
  );

  const check = async (headers: Record<string, string>, query: string) => {
    const response = await app.inject({ method: 'GET', url: `${URL}?${query}`, headers });
    assert.equal(response.statusCode, 200, response.body);
    return phoneCheckResponseSchema.parse(response.json());
  };

  // Any spelling of the number finds it.
  assert.deepEqual(await check(officerA, 'phone=0712%20345%20678'), {
    phone: '+254712345678',
    customers: [{ id: jane, name: 'Jane Wanjiru' }],
    others: 1,
  });
  assert.deepEqual(await check(officerB, 'phone=254712345678'), {
    phone: '+254712345678',
    customers: [{ id: peter, name: 'Peter Mwangi' }],
    others: 1,
  });
  assert.deepEqual(await check(admin, 'phone=0712345678'), {
    phone: '+254712345678',
    customers: [
      { id: jane, name: 'Jane Wanjiru' },
      { id: peter, name: 'Peter Mwangi' },
    ],
    others: 0,
  });
  // The customer being edited is not their own duplicate.
  assert.deepEqual(await check(admin, `phone=0712345678&except=${jane}`), {
    phone: '+254712345678',
    customers: [{ id: peter, name: 'Peter Mwangi' }],
    others: 0,
  });
  // A phone nobody has.
  assert.deepEqual(await check(officerA, 'phone=0799000111'), {
    phone: '+254799000111',
    customers: [],
    others: 0,
  });

  // Not a Kenyan mobile number, or none: a 400 naming the field.
  for (const query of ['phone=12345', '']) {
    const response = await app.inject({ method: 'GET', url: `${URL}?${query}`, headers: officerA });
    assert.equal(response.statusCode, 400, query);
    assert.equal(response.json().errors[0].field, 'phone');
  }
  // Signed out: 401.
  assert.equal((await app.inject({ method: 'GET', url: `${URL}?phone=0712345678` })).statusCode, 401);
});

test('the phone check reads at most PHONE_CHECK_LIMIT customers, through customers_phone_idx', async (t) => {
  const { app, db } = await build(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  for (let n = 0; n < PHONE_CHECK_LIMIT + 2; n += 1) {
    await registerThroughApi(app, admin, minimalFields({ phone: '0722000111', national_id: `3333333${n}` }));
  }
  const response = await app.inject({ method: 'GET', url: `${URL}?phone=0722000111`, headers: admin });
  assert.equal(phoneCheckResponseSchema.parse(response.json()).customers.length, PHONE_CHECK_LIMIT);

  const plan = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(
      sql`explain ${findCustomersByPhone(tx, '+254722000111', 1, PHONE_CHECK_LIMIT)}`,
    );
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });
  assert.match(plan, /customers_phone_idx/, plan);
});
