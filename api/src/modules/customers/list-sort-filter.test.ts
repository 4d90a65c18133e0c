import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema';
import { assertQueriesRefused, fixtureCustomer, listed } from '../../../test/fixtures';
import { build, type TestApp } from '../../../test/helper';
import { staff } from '../../../test/support/applications';

/** Registered at this instant (UTC). */
async function registered(ctx: TestApp, officerId: number, firstName: string, lastName: string, at: string) {
  const customer = await fixtureCustomer(ctx.db, officerId, { firstName, lastName });
  await ctx.db
    .update(customers)
    .set({ createdAt: new Date(at) })
    .where(eq(customers.id, customer.id));
  return customer;
}

async function setup(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const people = await staff(ctx);
  // Nairobi is UTC+3: 22:30 UTC on 1 March is already 2 March there.
  await registered(ctx, people.officerAId, 'Zawadi', 'Otieno', '2025-03-01T22:30:00Z');
  await registered(ctx, people.officerAId, 'amina', 'Wekesa', '2025-02-27T09:00:00Z');
  await registered(ctx, people.officerBId, 'Baraka', 'Kiprop', '2025-03-02T20:59:00Z');
  await registered(ctx, people.officerBId, 'Chebet', 'Mutua', '2025-02-28T08:00:00Z');
  const names = (query: string, headers = people.admin) =>
    listed(ctx.app, `/api/customers?${query}`, headers, 'first_name');
  return { ...ctx, people, names };
}

test('the customers list sorts by name and by registration, each way; newest first without a sort', async (t) => {
  const { names } = await setup(t);
  assert.deepEqual(await names('page=1'), ['Baraka', 'Zawadi', 'Chebet', 'amina']);
  // Case does not split the alphabet: amina comes first.
  assert.deepEqual(await names('sort=name'), ['amina', 'Baraka', 'Chebet', 'Zawadi']);
  assert.deepEqual(await names('sort=name&order=desc'), ['Zawadi', 'Chebet', 'Baraka', 'amina']);
  assert.deepEqual(await names('sort=registered&order=asc'), ['amina', 'Chebet', 'Zawadi', 'Baraka']);
  assert.deepEqual(await names('sort=registered&order=desc'), ['Baraka', 'Zawadi', 'Chebet', 'amina']);
});

test('the customers list filters by registration days in Nairobi time and, for admins, by officer', async (t) => {
  const { names, people } = await setup(t);
  // 2 March in Nairobi: Zawadi (1 March 22:30 UTC) and Baraka (2 March 20:59 UTC = 23:59 EAT).
  assert.deepEqual(await names('from=2025-03-02&to=2025-03-02&sort=name'), ['Baraka', 'Zawadi']);
  assert.deepEqual(await names('to=2025-02-28&sort=name'), ['amina', 'Chebet']);
  assert.deepEqual(await names('from=2025-02-28&sort=name'), ['Baraka', 'Chebet', 'Zawadi']);
  assert.deepEqual(await names(`officerId=${people.officerBId}&sort=name`), ['Baraka', 'Chebet']);
  // An officer's own book, whatever officer the query names.
  assert.deepEqual(await names(`officerId=${people.officerBId}&sort=name`, people.officerA), [
    'amina',
    'Zawadi',
  ]);
  assert.deepEqual(await names('search=a&from=2025-03-01&sort=name&order=desc', people.officerA), ['Zawadi']);
});

test('a sort or range the list does not know is a 400 naming the field', async (t) => {
  const { app, people } = await setup(t);
  await assertQueriesRefused(app, '/api/customers', people.admin, {
    'sort=balance': 'sort',
    'sort=name&order=up': 'order',
    'from=2025-3-1': 'from',
    'from=2025-03-05&to=2025-03-01': 'from',
  });
});
