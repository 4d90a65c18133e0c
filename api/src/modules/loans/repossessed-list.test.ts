import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildWithOfficers, disburseLoan, fixtureLoan, payAndApprove } from '../../../test/fixtures';

const DAY = 24 * 60 * 60 * 1000;
const LIST = '/api/loans/loan-details/repossessed';

/**
 * The Repossessed Phones list (shared/src/contract/loan-lists.ts): the loans whose phone was taken
 * back, latest first, with the phone and what was owed when it was taken; scoped, sorted, filtered
 * and exported like every loan list.
 */
test('repossessed phones: latest first, the balance at repossession kept, scope, sorts, filters, export', async (t) => {
  const { app, db, clock, officerA, officerB, signIn } = await buildWithOfficers(t);
  // Signed in afresh for each call: the clock moves past a session's life.
  type Who = 'admin' | 'asA' | 'asB';
  const get = async (url: string, who: Who = 'admin') => app.inject({ url, headers: (await signIn())[who] });
  const admin = async () => (await signIn()).admin;
  const asA = async () => (await signIn()).asA;
  const ids = (response: { json: () => { data: { id: number }[] } }) =>
    response.json().data.map((row) => row.id);
  const repossess = async (id: number) => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/loans/repossess/${id}`,
      headers: await admin(),
    });
    assert.equal(response.statusCode, 200, response.body);
  };

  const achieng = await fixtureLoan(db, officerA.id, {}, { firstName: 'Achieng' });
  const baraka = await fixtureLoan(db, officerA.id, {}, { firstName: 'Baraka' });
  const chebet = await fixtureLoan(db, officerB.id, {}, { firstName: 'Chebet' });
  const kept = await fixtureLoan(db, officerB.id, {}, { firstName: 'Kept' });
  for (const loan of [achieng, baraka, chebet, kept]) await disburseLoan(app, loan.id, admin);
  await payAndApprove(app, baraka.id, 3000, { officer: asA, admin });

  await repossess(achieng.id); // Monday 3 March
  clock.advance(2 * DAY);
  await repossess(baraka.id); // Wednesday 5 March
  clock.advance(DAY);
  await repossess(chebet.id); // Thursday 6 March

  const all = await get(LIST);
  assert.equal(all.statusCode, 200, all.body);
  assert.deepEqual(ids(all), [chebet.id, baraka.id, achieng.id]);
  const [, barakaRow] = all.json().data;
  assert.equal(barakaRow.repossessed_on, '2025-03-05');
  assert.equal(barakaRow.model, 'Tecno Spark 20');
  assert.match(barakaRow.imei_number, /^\d{15}$/);
  const owed = barakaRow.remaining_balance;
  assert.equal(barakaRow.repossessed_balance, owed);

  // Money collected after the phone was taken lowers the balance, not what was owed then.
  await payAndApprove(app, baraka.id, 1000, { officer: asA, admin });
  const after = (await get(LIST)).json().data[1];
  assert.equal(after.repossessed_balance, owed);
  assert.equal(after.remaining_balance, owed - 1000);

  // Officers see their own book; an admin narrows by officer.
  assert.deepEqual(ids(await get(LIST, 'asA')), [baraka.id, achieng.id]);
  assert.deepEqual(ids(await get(LIST, 'asB')), [chebet.id]);
  assert.deepEqual(ids(await get(`${LIST}?officerId=${officerB.id}`)), [chebet.id]);

  // Its sorts and its date (the repossession's day in Nairobi).
  assert.deepEqual(ids(await get(`${LIST}?sort=customer_name`)), [achieng.id, baraka.id, chebet.id]);
  assert.deepEqual(ids(await get(`${LIST}?sort=repossessed_on&order=asc`)), [
    achieng.id,
    baraka.id,
    chebet.id,
  ]);
  assert.deepEqual(ids(await get(`${LIST}?sort=repossessed_balance&order=asc`))[0], baraka.id);
  assert.deepEqual(ids(await get(`${LIST}?from=2025-03-04&to=2025-03-05`)), [baraka.id]);
  assert.deepEqual(ids(await get(`${LIST}?search=chebet`)), [chebet.id]);
  const unsortable = await get(`${LIST}?sort=days_overdue`);
  assert.equal(unsortable.statusCode, 400);
  assert.match(unsortable.body, /sort must be one of customer_name, repossessed_on, repossessed_balance/);

  // The export: the common columns, then the list's own.
  const csv = await get(`/api/exports/loans.csv?list=repossessed&sort=customer_name`);
  assert.equal(csv.statusCode, 200, csv.body);
  const [header, first, , third] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
  assert.match(header ?? '', /,Promise Status,Phone Model,IMEI,Repossessed On,Balance at Repossession$/);
  assert.match(first ?? '', /,Tecno Spark 20,\d{15},2025-03-03,\d+\.\d{2}$/);
  assert.match(third ?? '', /^\d+,\w+,Chebet /);
  const refused = await get(`/api/exports/loans.csv?list=repossessed&sort=days_overdue`);
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /sort must be one of customer_name, repossessed_on, repossessed_balance/);
});
