import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { loans } from '../../db/schema';
import {
  disburseLoan,
  fixtureCustomer,
  fixtureLoan,
  fixturePendingLoan,
  listed,
} from '../../../test/fixtures';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { staff } from '../../../test/support/applications';
import { EXPORT_BATCH_ROWS } from '../pagination';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Officer A's Otieno (5,000, disbursed Mon 3 March), Akinyi (20,000, Tue 4 March) and Zawadi
 * (10,000, Thu 6 March); officer B's Baraka (15,000, Thu 6 March). Each loan has its own product.
 */
async function setup(t: TestContext) {
  const ctx = await build(t);
  const people = await staff(ctx);
  // Signed in afresh for each request: the clock moves past a session's lifetime.
  const signIn = (who: 'admin' | 'officerA') =>
    who === 'admin'
      ? authHeader(ctx.app, ADMIN.email, ADMIN.password)
      : authHeader(ctx.app, 'a@lender.local', 'OfficerA123!');
  const newLoan = (officerId: number, firstName: string, principal: string) =>
    fixtureLoan(ctx.db, officerId, { principal }, { firstName, lastName: 'Kamau' });
  const disburse = (id: number) => disburseLoan(ctx.app, id, () => signIn('admin'));
  const otieno = await newLoan(people.officerAId, 'Otieno', '5000.00');
  const akinyi = await newLoan(people.officerAId, 'Akinyi', '20000.00');
  const zawadi = await newLoan(people.officerAId, 'Zawadi', '10000.00');
  const baraka = await newLoan(people.officerBId, 'Baraka', '15000.00');
  await disburse(otieno.id);
  ctx.clock.advance(DAY);
  await disburse(akinyi.id);
  ctx.clock.advance(2 * DAY);
  await disburse(zawadi.id);
  await disburse(baraka.id);
  const get = async (url: string, who: 'admin' | 'officerA' = 'admin') =>
    ctx.app.inject({ url, headers: await signIn(who) });
  const names = async (url: string, who: 'admin' | 'officerA' = 'admin') =>
    (await listed(ctx.app, url, () => signIn(who), 'customer_name')).map((name) => name.split(' ')[0]);
  return { ...ctx, people, otieno, akinyi, zawadi, baraka, get, names };
}

const ACTIVE = '/api/loans/loan-details';

test('the active list sorts by a column each way, the id breaking ties; without a sort it keeps its order', async (t) => {
  const { names } = await setup(t);
  for (const [query, expected] of [
    ['', ['Baraka', 'Zawadi', 'Akinyi', 'Otieno']],
    ['?sort=customer_name', ['Akinyi', 'Baraka', 'Otieno', 'Zawadi']],
    ['?sort=customer_name&order=desc', ['Zawadi', 'Otieno', 'Baraka', 'Akinyi']],
    ['?sort=total_amount&order=asc', ['Otieno', 'Zawadi', 'Baraka', 'Akinyi']],
    ['?sort=remaining_balance&order=desc', ['Akinyi', 'Baraka', 'Zawadi', 'Otieno']],
    // Zawadi and Baraka were disbursed at the same instant: the id breaks the tie, the same way.
    ['?sort=disbursement_date', ['Otieno', 'Akinyi', 'Zawadi', 'Baraka']],
    ['?sort=disbursement_date&order=desc', ['Baraka', 'Zawadi', 'Akinyi', 'Otieno']],
    // The most days overdue first is the earliest due date first (Zawadi and Baraka fall due together).
    ['?sort=days_overdue&order=desc', ['Otieno', 'Akinyi', 'Zawadi', 'Baraka']],
  ] as const) {
    assert.deepEqual(await names(`${ACTIVE}${query}`), expected, query);
  }
  // An officer's book sorts the same way.
  assert.deepEqual(await names(`${ACTIVE}?sort=customer_name`, 'officerA'), ['Akinyi', 'Otieno', 'Zawadi']);
});

test('the active list filters by status, device, product, disbursement dates and (admins only) officer', async (t) => {
  const { db, names, people, akinyi, zawadi, baraka } = await setup(t);
  await db.update(loans).set({ status: 'overdue' }).where(eq(loans.id, zawadi.id));
  await db.update(loans).set({ deviceStatus: 'locked' }).where(eq(loans.id, baraka.id));

  assert.deepEqual(await names(`${ACTIVE}?status=overdue`), ['Zawadi']);
  assert.deepEqual(await names(`${ACTIVE}?device=locked`), ['Baraka']);
  assert.deepEqual(await names(`${ACTIVE}?productId=${akinyi.productId}`), ['Akinyi']);
  // Business dates in Nairobi, both ends included.
  assert.deepEqual(await names(`${ACTIVE}?from=2025-03-04&to=2025-03-04`), ['Akinyi']);
  assert.deepEqual(await names(`${ACTIVE}?from=2025-03-04`), ['Baraka', 'Zawadi', 'Akinyi']);
  assert.deepEqual(await names(`${ACTIVE}?to=2025-03-03`), ['Otieno']);
  // Filters combine with each other, with the search and with a sort.
  assert.deepEqual(await names(`${ACTIVE}?from=2025-03-04&sort=customer_name&search=a`), [
    'Akinyi',
    'Baraka',
    'Zawadi',
  ]);
  assert.deepEqual(await names(`${ACTIVE}?status=active&from=2025-03-04&sort=total_amount`), [
    'Baraka',
    'Akinyi',
  ]);
  // An admin narrows to one officer; an officer's officerId is ignored (their own book).
  assert.deepEqual(await names(`${ACTIVE}?officerId=${people.officerBId}`), ['Baraka']);
  assert.deepEqual(await names(`${ACTIVE}?officerId=${people.officerBId}`, 'officerA'), [
    'Zawadi',
    'Akinyi',
    'Otieno',
  ]);
});

test('the other lists take the sort and filters: pending disbursement by principal, due lists by due date range', async (t) => {
  const ctx = await setup(t);
  const { names } = ctx;
  const extra = await fixtureLoan(
    ctx.db,
    ctx.people.officerAId,
    { principal: '3000.00' },
    { firstName: 'Chebet' },
  );
  const second = await fixtureLoan(
    ctx.db,
    ctx.people.officerAId,
    { principal: '9000.00' },
    { firstName: 'Daudi' },
  );
  assert.ok(extra.id < second.id);
  const PENDING = '/api/loans/loan-details/pending-disbursement';
  assert.deepEqual(await names(`${PENDING}?sort=principal&order=desc`), ['Daudi', 'Chebet']);
  assert.deepEqual(await names(`${PENDING}?sort=principal`), ['Chebet', 'Daudi']);
  assert.deepEqual(await names(`${PENDING}?productId=${second.productId}`), ['Daudi']);
  // Due in 2–7 days on Mon 10 March: Zawadi and Baraka (due 13 March), by due date range.
  ctx.clock.set('2025-03-09T21:30:00Z');
  assert.deepEqual(await names('/api/loans/due-2-7-days?sort=customer_name'), ['Baraka', 'Zawadi']);
  assert.deepEqual(await names('/api/loans/due-2-7-days?from=2025-03-14'), []);
  assert.deepEqual(
    await names('/api/loans/due-2-7-days?from=2025-03-13&to=2025-03-13&sort=customer_name&order=desc'),
    ['Zawadi', 'Baraka'],
  );
});

test('a bad sort or filter is a 400 naming the field; from after to is refused', async (t) => {
  const { get } = await setup(t);
  const fieldOf = async (url: string) => {
    const response = await get(url);
    assert.equal(response.statusCode, 400, response.body);
    return response.json<{ errors: { field: string; msg: string }[] }>().errors[0];
  };
  const unknownSort = await fieldOf(`${ACTIVE}?sort=password`);
  assert.equal(unknownSort?.field, 'sort');
  assert.match(unknownSort?.msg ?? '', /sort must be one of customer_name/);
  assert.equal((await fieldOf(`${ACTIVE}?sort=due_date&order=sideways`))?.field, 'order');
  assert.equal((await fieldOf(`${ACTIVE}?status=happy`))?.field, 'status');
  assert.equal((await fieldOf(`${ACTIVE}?productId=abc`))?.field, 'productId');
  assert.equal((await fieldOf(`${ACTIVE}?from=3/4/2025`))?.field, 'from');
  const backwards = await fieldOf(`${ACTIVE}?from=2025-03-05&to=2025-03-04`);
  assert.deepEqual(backwards, { field: 'from', msg: 'from must not be after to' });
  const exportBackwards = await get('/api/exports/loans.csv?list=active&from=2025-03-05&to=2025-03-04');
  assert.equal(exportBackwards.statusCode, 400);
  const exportSort = await get('/api/exports/loans.csv?list=active&sort=password');
  assert.equal(exportSort.statusCode, 400);
  assert.equal(exportSort.json<{ errors: { field: string }[] }>().errors[0]?.field, 'sort');
});

const csvNames = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split(',')[2]?.split(' ')[0]);

test('the export holds what the list shows: the same filters, the same sort', async (t) => {
  const { db, get, zawadi, people } = await setup(t);
  await db.update(loans).set({ status: 'overdue' }).where(eq(loans.id, zawadi.id));
  const csv = async (query: string, who: 'admin' | 'officerA' = 'admin') => {
    const response = await get(`/api/exports/loans.csv?list=active&${query}`, who);
    assert.equal(response.statusCode, 200, response.body);
    return csvNames(response.body);
  };
  assert.deepEqual(await csv('sort=customer_name&order=desc'), ['Zawadi', 'Otieno', 'Baraka', 'Akinyi']);
  assert.deepEqual(await csv('sort=total_amount'), ['Otieno', 'Zawadi', 'Baraka', 'Akinyi']);
  assert.deepEqual(await csv('status=active&from=2025-03-04'), ['Baraka', 'Akinyi']);
  assert.deepEqual(await csv(`officerId=${people.officerBId}`), ['Baraka']);
  assert.deepEqual(await csv(`officerId=${people.officerBId}&sort=customer_name`, 'officerA'), [
    'Akinyi',
    'Otieno',
    'Zawadi',
  ]);
});

test('a sorted export longer than a batch continues after the last row of each batch, nulls included', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const count = EXPORT_BATCH_ROWS + 5;
  const customer = await fixtureCustomer(ctx.db, people.officerAId, { firstName: 'Njeri' });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await fixturePendingLoan(ctx.db, customer.id, people.officerAId)).id);
  // Straight in the database: principals repeated and some due dates missing, so that ties and
  // nulls fall across the batch boundary (a pending disbursement needs no schedule).
  await ctx.db.execute(
    sql`update loans set principal = (id % 7) * 100 + 1000,
      due_date = case when id % 3 = 0 then null else date '2025-03-10' + (id % 5) end`,
  );
  const rows = await ctx.db
    .select({ id: loans.id, principal: loans.principal, due: loans.dueDate })
    .from(loans)
    .where(inArray(loans.id, ids));
  const exported = async (query: string) => {
    const response = await ctx.app.inject({
      url: `/api/exports/loans.csv?list=pendingDisbursement&${query}`,
      headers: people.admin,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
  };
  const byPrincipalDesc = [...rows]
    .sort((a, b) => Number(b.principal) - Number(a.principal) || b.id - a.id)
    .map((row) => row.id);
  assert.deepEqual(await exported('sort=principal&order=desc'), byPrincipalDesc);
  // PostgreSQL's order: nulls last ascending, first descending.
  const dueKey = (due: string | null) => (due === null ? '9999-12-31' : due);
  const byDueAsc = [...rows]
    .sort((a, b) => dueKey(a.due).localeCompare(dueKey(b.due)) || a.id - b.id)
    .map((row) => row.id);
  assert.deepEqual(await exported('sort=due_date'), byDueAsc);
  assert.deepEqual(await exported('sort=due_date&order=desc'), [...byDueAsc].reverse());
});
