import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, loans } from '../../db/schema';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { fixtureDisbursedLoan, fixtureUser, recordRepayment } from '../../../test/fixtures';

/** A valid IMEI (Luhn check digit) other than the fixtures'. */
const NEW_IMEI = '490154203237518';

async function setup(t: TestContext) {
  const ctx = await build(t);
  const { app, db } = ctx;
  const officer = await fixtureUser(db, 'officer', 'Amina');
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const asOfficer = await authHeader(app, officer.email, officer.password);
  const loan = await fixtureDisbursedLoan(app, db, officer.id, admin, {}, { firstName: 'Wanjiku' });
  const edit = (payload: object, headers = admin, id = loan.id) =>
    app.inject({ method: 'PATCH', url: `/api/loans/${id}`, headers, payload });
  const stored = async () => (await db.select().from(loans).where(eq(loans.id, loan.id)))[0];
  return { ...ctx, loan, admin, asOfficer, edit, stored };
}

test('edit loan: an admin changes model, purpose and IMEI before any payment, audited with before and after', async (t) => {
  const { db, loan, edit, stored } = await setup(t);
  const before = await stored();

  const response = await edit({ model: 'Samsung A15', imei: NEW_IMEI, purpose: 'Boda boda bookings' });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: 'Loan updated successfully' });
  const after = await stored();
  assert.equal(after?.model, 'Samsung A15');
  assert.equal(after?.imei, NEW_IMEI);
  assert.equal(after?.purpose, 'Boda boda bookings');
  assert.equal(after?.totalAmount, before?.totalAmount, 'amounts are not editable');

  const [entry] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'loan.updated'), eq(auditLog.entityId, String(loan.id))));
  assert.deepEqual(entry?.before, { model: before?.model, imei: before?.imei, purpose: before?.purpose });
  assert.deepEqual(entry?.after, { model: 'Samsung A15', imei: NEW_IMEI, purpose: 'Boda boda bookings' });
});

test('edit loan: the IMEI is refused once a repayment is recorded, the model is not', async (t) => {
  const { app, loan, asOfficer, edit, stored } = await setup(t);
  await recordRepayment(app, loan.id, 100, asOfficer);
  const imeiBefore = (await stored())?.imei;

  const refused = await edit({ imei: NEW_IMEI, model: 'Samsung A15' });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().message, 'The IMEI cannot change once a repayment is recorded');
  assert.equal((await stored())?.imei, imeiBefore);
  assert.notEqual((await stored())?.model, 'Samsung A15', 'a refused edit changes nothing');

  assert.equal((await edit({ model: 'Samsung A15' })).statusCode, 200);
  assert.equal((await stored())?.model, 'Samsung A15');
});

test('edit loan: officers 403, an empty or invalid body 400, an unknown loan 404', async (t) => {
  const { loan, asOfficer, edit, stored } = await setup(t);
  const modelBefore = (await stored())?.model;

  const officer = await edit({ model: 'Samsung A15' }, asOfficer);
  assert.equal(officer.statusCode, 403);
  assert.equal(officer.json().message, 'Only admins can edit loans');
  assert.equal((await stored())?.model, modelBefore);

  assert.equal((await edit({})).statusCode, 400);
  assert.equal((await edit({ imei: '123' })).statusCode, 400);
  assert.equal((await edit({ model: '  ' })).statusCode, 400);
  assert.equal((await edit({ model: 'Samsung A15' }, undefined, loan.id + 1000)).statusCode, 404);
});
