import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confirmPaybill } from '../../../test/fixtures';
import { build } from '../../../test/helper';
import { staff } from '../applications/test-support';

/** Three paybill payments to an account number no loan has: all wait in suspense. */
async function setup(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const people = await staff(ctx);
  for (const [transId, amount, transTime] of [
    ['SBB0000001', '700.00', '20250301090000'],
    ['SAA0000001', '1500.00', '20250302090000'],
    ['SCC0000001', '300.00', '20250303090000'],
  ] as const) {
    await confirmPaybill(ctx.app, { account: 'NOSUCHACCOUNT', amount, transId, transTime });
  }
  const codes = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/mpesa/suspense?${query}`, headers: people.admin });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json().data as { trans_id: string }[]).map((p) => p.trans_id);
  };
  return { ...ctx, people, codes };
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
  for (const [query, field] of [
    ['sort=payer', 'sort'],
    ['from=2025-03-03&to=2025-03-01', 'from'],
  ] as const) {
    const response = await app.inject({ url: `/api/mpesa/suspense?${query}`, headers: people.admin });
    assert.equal(response.statusCode, 400, query);
    assert.equal(response.json().errors?.[0]?.field, field, response.body);
  }
});
