import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { assertQueriesRefused, listed } from '../../../test/fixtures';
import { suspenseBook } from '../../../test/support/mpesa';

/** The suspense book of three payments, and the M-Pesa codes the admin's list shows for a query. */
async function setup(t: TestContext) {
  const ctx = await suspenseBook(t);
  const { people } = ctx;
  const codes = (query: string) => listed(ctx.app, `/api/mpesa/suspense?${query}`, people.admin, 'trans_id');
  return { ...ctx, codes };
}

test('the suspense list sorts by amount and M-Pesa code each way and filters by the day paid', async (t) => {
  const { codes } = await setup(t);
  assert.deepEqual(await codes('sort=amount'), ['SCC0000001', 'SBB0000001', 'SAA0000001']);
  assert.deepEqual(await codes('sort=amount&order=desc'), ['SAA0000001', 'SBB0000001', 'SCC0000001']);
  assert.deepEqual(await codes('sort=trans_id'), ['SAA0000001', 'SBB0000001', 'SCC0000001']);
  assert.deepEqual(await codes('from=2025-03-02&sort=trans_id'), ['SAA0000001', 'SCC0000001']);
  assert.deepEqual(await codes('to=2025-03-01'), ['SBB0000001']);
  assert.deepEqual(await codes('status=refunded&from=2025-03-01'), []);
});

test('a suspense sort or range it does not know is a 400 naming the field', async (t) => {
  const { app, people } = await setup(t);
  await assertQueriesRefused(app, '/api/mpesa/suspense', people.admin, {
    'sort=payer': 'sort',
    'from=2025-03-03&to=2025-03-01': 'from',
  });
});
