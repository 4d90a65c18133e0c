import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { CUSTOMER_EDIT_TEXTS, type CustomerOverview } from '@lender/shared/contract/customers';
import { auditLog, customers, referees } from '../../db/schema';
import {
  buildSignedIn,
  disburseLoan,
  fixtureCustomer,
  fixturePendingLoan,
  freshMpesaCode,
  recordRepayment,
} from '../../../test/fixtures';
import { FULL_FIELDS, registerThroughApi } from '../../../test/support/customers';

async function setup(t: TestContext) {
  const ctx = await buildSignedIn(t);
  const { app, db, officerA: officer, admin, asA: asOfficer, asB: asOtherOfficer } = ctx;
  const overview = (id: number, headers = admin) =>
    app.inject({ method: 'GET', url: `/api/customers/${id}/overview`, headers });
  const edit = (id: number, payload: object, headers = admin) =>
    app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
  const stored = async (id: number) => (await db.select().from(customers).where(eq(customers.id, id)))[0];
  return { ...ctx, officer, admin, asOfficer, asOtherOfficer, overview, edit, stored };
}

/** A customer of the officer's with a disbursed loan, a pending repayment and a note. */
async function customerWithLoan(s: Awaited<ReturnType<typeof setup>>) {
  const { app, db, officer, admin, asOfficer } = s;
  const customerId = await registerThroughApi(app, asOfficer, FULL_FIELDS);
  const loan = await fixturePendingLoan(db, customerId, officer.id);
  await disburseLoan(app, loan.id, admin);
  const code = freshMpesaCode('RP');
  await recordRepayment(app, loan.id, 500, asOfficer, code);
  const note = await app.inject({
    method: 'POST',
    url: `/api/loans/notes/${loan.id}`,
    headers: asOfficer,
    payload: { note: 'Promised to pay on Friday', note_date: '2025-03-04' },
  });
  assert.equal(note.statusCode, 201, note.body);
  return { customerId, loan, code };
}

test('overview: details, next of kin, collaterals, guarantors, applications, loans, repayments and notes', async (t) => {
  const s = await setup(t);
  const { customerId, loan, code } = await customerWithLoan(s);

  const response = await s.overview(customerId, s.asOfficer);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<CustomerOverview>();
  assert.equal(body.customer.id, customerId);
  assert.equal(body.customer.first_name, 'Wanjiku');
  assert.equal(body.customer.phone, '+254712345678');
  assert.match(body.customer.national_id_photo ?? '', /\/api\/files\//);
  assert.deepEqual(
    body.referees.map((r) => r.name),
    ['Peter Kamau', 'Mary Atieno'],
  );
  assert.deepEqual(
    body.collaterals.map((c) => c.item_name),
    ['Television', 'Sofa set'],
  );
  assert.equal(body.guarantors[0]?.name, 'John Otieno');
  assert.equal(body.guarantors[0]?.collaterals.length, 2);

  assert.equal(body.applications.length, 1);
  assert.equal(body.applications[0]?.status, 'approved');
  assert.equal(body.applications[0]?.amount, 10_000);
  assert.equal(body.applications[0]?.loan_id, loan.id);

  assert.equal(body.loans.length, 1);
  const [row] = body.loans;
  assert.equal(row?.id, loan.id);
  assert.equal(row?.account_number, encodeAccountNumber(loan.id));
  assert.equal(row?.model, 'Tecno Spark 20');
  assert.equal(row?.total, 11_000);
  assert.equal(row?.paid, 0, 'a pending repayment is not paid yet');
  assert.equal(row?.balance, 11_000);
  assert.equal(row?.device_status, 'active');
  assert.equal(row?.repayment_pending, true);

  assert.deepEqual(
    body.repayments.map(({ loan_id, code: c, amount, status }) => ({ loan_id, code: c, amount, status })),
    [{ loan_id: loan.id, code, amount: 500, status: 'pending' }],
  );
  assert.deepEqual(
    body.notes.map((n) => [n.loan_id, n.note, n.created_by_name]),
    [[loan.id, 'Promised to pay on Friday', 'Amina Staff']],
  );
});

test('overview: a customer without loans has empty lists; another book and unknown ids are 404', async (t) => {
  const s = await setup(t);
  const customer = await fixtureCustomer(s.db, s.officer.id);

  const own = await s.overview(customer.id, s.asOfficer);
  assert.equal(own.statusCode, 200, own.body);
  const body = own.json<CustomerOverview>();
  assert.deepEqual([body.applications, body.loans, body.repayments, body.notes], [[], [], [], []]);

  assert.equal((await s.overview(customer.id)).statusCode, 200, 'an admin sees every book');
  const other = await s.overview(customer.id, s.asOtherOfficer);
  assert.equal(other.statusCode, 404);
  assert.equal((await s.overview(999_999)).statusCode, 404);
  assert.equal((await s.overview(0)).statusCode, 400);
});

test('edit: an admin corrects details and next of kin, audited with before and after', async (t) => {
  const s = await setup(t);
  const customerId = await registerThroughApi(s.app, s.asOfficer, FULL_FIELDS);
  const [kin] = await s.db.select().from(referees).where(eq(referees.customerId, customerId));
  assert.ok(kin);

  const response = await s.edit(customerId, {
    first_name: ' Wanjiru ',
    phone: '0722 000 111',
    national_id: '99887766',
    monthly_income: '30000',
    county: 'Nairobi',
    referees: [
      {
        id: kin.id,
        name: kin.name,
        id_number: kin.idNumber,
        phone_number: kin.phoneNumber,
        relationship: 'Cousin',
      },
    ],
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: CUSTOMER_EDIT_TEXTS.updated });

  const after = await s.stored(customerId);
  assert.equal(after?.firstName, 'Wanjiru');
  assert.equal(after?.phone, '+254722000111', 'normalised as at registration');
  assert.equal(after?.nationalId, '99887766');
  assert.equal(after?.monthlyIncome, '30000.00');
  const [kinAfter] = await s.db.select().from(referees).where(eq(referees.id, kin.id));
  assert.equal(kinAfter?.relationship, 'Cousin');

  const updates = () =>
    s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.updated'), eq(auditLog.entityId, String(customerId))));
  const entries = await updates();
  assert.equal(entries.length, 1);
  // The entry holds only what changed (county was sent unchanged): each field [before, after].
  const changed = {
    first_name: ['Wanjiku', 'Wanjiru'],
    phone: ['+254712345678', '+254722000111'],
    national_id: ['12345678', '99887766'],
    monthly_income: ['25000.50', '30000.00'],
    referees: [[{ id: kin.id, relationship: 'Brother' }], [{ id: kin.id, relationship: 'Cousin' }]],
  };
  const side = (i: 0 | 1) =>
    Object.fromEntries(Object.entries(changed).map(([field, values]) => [field, values[i]]));
  assert.deepEqual(entries[0]?.before, side(0));
  assert.deepEqual(entries[0]?.after, side(1));

  // The same values again change nothing and write no second entry.
  assert.equal((await s.edit(customerId, { first_name: 'Wanjiru', county: 'Nairobi' })).statusCode, 200);
  assert.equal((await updates()).length, 1);
});

test('edit: officers 403, unknown customers 404', async (t) => {
  const s = await setup(t);
  const customer = await fixtureCustomer(s.db, s.officer.id);
  const refused = await s.edit(customer.id, { occupation: 'Farmer' }, s.asOfficer);
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().message, 'Only admins can edit customers');
  assert.equal((await s.stored(customer.id))?.occupation, 'Trader');
  assert.equal((await s.edit(999_999, { occupation: 'Farmer' })).statusCode, 404);
});

test('edit: the national ID is refused once a loan exists (409), other fields are not', async (t) => {
  const s = await setup(t);
  const customer = await fixtureCustomer(s.db, s.officer.id);
  await fixturePendingLoan(s.db, customer.id, s.officer.id);

  const refused = await s.edit(customer.id, { national_id: '99887766', occupation: 'Farmer' });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().message, CUSTOMER_EDIT_TEXTS.nationalIdLocked);
  const unchanged = await s.stored(customer.id);
  assert.equal(unchanged?.nationalId, customer.nationalId);
  assert.equal(unchanged?.occupation, 'Trader', 'a refused edit changes nothing');

  // The same national ID sent back is no change.
  const same = await s.edit(customer.id, { national_id: customer.nationalId, occupation: 'Farmer' });
  assert.equal(same.statusCode, 200, same.body);
  assert.equal((await s.stored(customer.id))?.occupation, 'Farmer');
});

test("edit: another customer's national ID is 409; bad input is 400 naming the field", async (t) => {
  const s = await setup(t);
  const first = await fixtureCustomer(s.db, s.officer.id);
  const second = await fixtureCustomer(s.db, s.officer.id);

  const duplicate = await s.edit(second.id, { national_id: first.nationalId });
  assert.equal(duplicate.statusCode, 409);
  assert.equal(duplicate.json().message, CUSTOMER_EDIT_TEXTS.duplicateNationalId(first.nationalId));

  const cases: [object, string][] = [
    [{ phone: '12345' }, 'phone'],
    [{ national_id: '12ab' }, 'national_id'],
    [{ first_name: '   ' }, 'first_name'],
    [{ monthly_income: -5 }, 'monthly_income'],
    [{ email: 'not-an-email' }, 'email'],
    [
      { referees: [{ id: 1, name: 'X', id_number: '1', phone_number: '0712345678', relationship: 'Son' }] },
      'referees.0.id_number',
    ],
  ];
  for (const [payload, field] of cases) {
    const response = await s.edit(second.id, payload);
    assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
    const fields = (response.json().errors as { field: string }[]).map((e) => e.field);
    assert.ok(fields.includes(field), `${field} in ${JSON.stringify(fields)}`);
  }
  const empty = await s.edit(second.id, {});
  assert.equal(empty.statusCode, 400);

  // A next of kin of another customer cannot be edited through this one.
  const customerId = await registerThroughApi(s.app, s.asOfficer, FULL_FIELDS);
  const [kin] = await s.db.select().from(referees).where(eq(referees.customerId, customerId));
  assert.ok(kin);
  const foreign = await s.edit(second.id, {
    referees: [
      { id: kin.id, name: 'X Y', id_number: '12345678', phone_number: '0712345678', relationship: 'Son' },
    ],
  });
  assert.equal(foreign.statusCode, 400);
  assert.deepEqual(foreign.json().errors, [
    { field: 'referees[0][id]', msg: CUSTOMER_EDIT_TEXTS.unknownReferee },
  ]);
  assert.equal((await s.db.select().from(referees).where(eq(referees.id, kin.id)))[0]?.name, kin.name);
  assert.equal((await s.stored(second.id))?.nationalId, second.nationalId);
});
