import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listed } from '../../../test/fixtures';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { applicationBody, insertCustomer, insertProduct, staff } from '../../../test/support/applications';

const HOUR = 60 * 60 * 1000;

const firstName = (fullName: string) => fullName.split(' ')[0];

/**
 * Officer A's Otieno (12,000, Mon 3 March), Akinyi (30,000, Tue 4 March) and Zawadi (8,000, Thu
 * 6 March) applied for Phone Plus; officer B's Baraka (20,000, Thu 6 March) for Phone Max.
 */
async function setup(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const people = await staff(ctx);
  // Signed in afresh for each request: the clock moves past a session's lifetime.
  const as = (who: 'admin' | 'A' | 'B') =>
    who === 'admin'
      ? authHeader(ctx.app, ADMIN.email, ADMIN.password)
      : authHeader(ctx.app, `${who.toLowerCase()}@lender.local`, `Officer${who}123!`);
  const plus = await insertProduct(ctx.db);
  const max = await insertProduct(ctx.db, { name: 'Phone Max' });
  const apply = async (officer: 'A' | 'B', firstName: string, amount: number, productId: number) => {
    const officerId = officer === 'A' ? people.officerAId : people.officerBId;
    const customer = await insertCustomer(ctx.db, officerId, firstName);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/loansApplication',
      headers: await as(officer),
      payload: applicationBody(customer.id, productId, { amount }),
    });
    assert.equal(response.statusCode, 201, response.body);
  };
  await apply('A', 'Otieno', 12000, plus.id);
  ctx.clock.advance(24 * HOUR);
  await apply('A', 'Akinyi', 30000, plus.id);
  ctx.clock.advance(48 * HOUR);
  await apply('A', 'Zawadi', 8000, plus.id);
  await apply('B', 'Baraka', 20000, max.id);
  // The customers' first names down a list's page (pending or rejected).
  const firstNames = async (url: string, who: 'admin' | 'A' = 'admin') =>
    (await listed(ctx.app, url, () => as(who), 'customer_full_name')).map(firstName);
  const names = (query: string, who: 'admin' | 'A' = 'admin') =>
    firstNames(`/api/loansApplication/pending${query}`, who);
  return { ...ctx, people, plus, max, names, firstNames, as };
}

test('the pending applications sort by name, amount and date each way', async (t) => {
  const { names } = await setup(t);
  assert.deepEqual(await names(''), ['Baraka', 'Zawadi', 'Akinyi', 'Otieno']);
  assert.deepEqual(await names('?sort=customer_name'), ['Akinyi', 'Baraka', 'Otieno', 'Zawadi']);
  assert.deepEqual(await names('?sort=customer_name&order=desc'), ['Zawadi', 'Otieno', 'Baraka', 'Akinyi']);
  assert.deepEqual(await names('?sort=amount&order=desc'), ['Akinyi', 'Baraka', 'Otieno', 'Zawadi']);
  assert.deepEqual(await names('?sort=amount'), ['Zawadi', 'Otieno', 'Baraka', 'Akinyi']);
  assert.deepEqual(await names('?sort=created_at'), ['Otieno', 'Akinyi', 'Zawadi', 'Baraka']);
});

test('the pending applications filter by product, submission dates and (admins only) officer', async (t) => {
  const { names, max, plus, people } = await setup(t);
  assert.deepEqual(await names(`?productId=${max.id}`), ['Baraka']);
  assert.deepEqual(await names(`?productId=${plus.id}&sort=amount`), ['Zawadi', 'Otieno', 'Akinyi']);
  assert.deepEqual(await names('?from=2025-03-04&to=2025-03-04'), ['Akinyi']);
  assert.deepEqual(await names('?from=2025-03-05'), ['Baraka', 'Zawadi']);
  assert.deepEqual(await names(`?officerId=${people.officerBId}`), ['Baraka']);
  assert.deepEqual(await names(`?officerId=${people.officerBId}`, 'A'), ['Zawadi', 'Akinyi', 'Otieno']);
});

test('the rejected applications take the same sort and filters; bad ones are 400 naming the field', async (t) => {
  const { app, as, firstNames } = await setup(t);
  const pendingIds = (
    await app.inject({ url: '/api/loansApplication/pending?sort=customer_name', headers: await as('admin') })
  )
    .json<{ data: { id: number }[] }>()
    .data.map((row) => row.id);
  for (const id of pendingIds) {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/loansApplication/reject/${id}`,
      headers: await as('admin'),
      payload: {},
    });
    assert.equal(response.statusCode, 200, response.body);
  }
  const rejected = (query: string) => firstNames(`/api/loansApplication/rejected${query}`);
  assert.deepEqual(await rejected('?sort=amount'), ['Zawadi', 'Otieno', 'Baraka', 'Akinyi']);
  assert.deepEqual(await rejected('?sort=customer_name&order=desc'), [
    'Zawadi',
    'Otieno',
    'Baraka',
    'Akinyi',
  ]);
  // All were rejected today (Thu 6 March): the range is the rejection's date.
  assert.deepEqual((await rejected('?to=2025-03-05')).length, 0);
  assert.deepEqual((await rejected('?from=2025-03-06&to=2025-03-06')).length, 4);

  const fieldOf = async (query: string) => {
    const response = await app.inject({
      url: `/api/loansApplication/pending${query}`,
      headers: await as('admin'),
    });
    assert.equal(response.statusCode, 400, response.body);
    return response.json<{ errors: { field: string; msg: string }[] }>().errors[0];
  };
  const unknown = await fieldOf('?sort=national_id');
  assert.equal(unknown?.field, 'sort');
  assert.equal(unknown?.msg, 'sort must be one of customer_name, amount, created_at, rejected_at');
  assert.deepEqual(await fieldOf('?from=2025-03-07&to=2025-03-06'), {
    field: 'from',
    msg: 'from must not be after to',
  });
  assert.equal((await fieldOf('?productId=0'))?.field, 'productId');
});
