import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertQueriesRefused, listed } from '../../../test/fixtures';
import { repaymentBook } from '../../../test/support/repayments';

test('the pending repayments sort by payment date, amount, M-Pesa code and recorded time, each way', async (t) => {
  const { app, people } = await repaymentBook(t);
  const codes = (query: string) =>
    listed(app, `/api/repayments/pending?${query}`, people.admin, 'mpesa_code');
  assert.deepEqual(await codes('page=1'), ['QCC0000001', 'QBB0000001', 'QAA0000001']);
  assert.deepEqual(await codes('sort=amount'), ['QAA0000001', 'QBB0000001', 'QCC0000001']);
  assert.deepEqual(await codes('sort=amount&order=desc'), ['QCC0000001', 'QBB0000001', 'QAA0000001']);
  assert.deepEqual(await codes('sort=paid_date&order=asc'), ['QAA0000001', 'QBB0000001', 'QCC0000001']);
  assert.deepEqual(await codes('sort=mpesa_code&order=desc'), ['QCC0000001', 'QBB0000001', 'QAA0000001']);
  assert.deepEqual(await codes('sort=recorded&order=asc'), ['QAA0000001', 'QBB0000001', 'QCC0000001']);
});

test('the repayment lists filter by payment days and, for admins, by officer; an officer sees only their book', async (t) => {
  const { app, people, ids } = await repaymentBook(t);
  const customers = (path: string, query: string, headers = people.admin) =>
    listed(app, `/api/repayments/${path}?${query}`, headers, 'customer_name');
  assert.deepEqual(await customers('pending', 'from=2025-03-02&sort=paid_date'), [
    'Baraka Kamau',
    'Chebet Kamau',
  ]);
  assert.deepEqual(await customers('pending', 'to=2025-03-02&sort=paid_date'), [
    'Achieng Kamau',
    'Baraka Kamau',
  ]);
  assert.deepEqual(await customers('pending', `officerId=${people.officerBId}`), ['Baraka Kamau']);
  assert.deepEqual(
    await customers('pending', `officerId=${people.officerBId}&sort=amount`, people.officerA),
    ['Achieng Kamau', 'Chebet Kamau'],
  );

  const approved = await app.inject({
    method: 'PUT',
    url: `/api/repayments/${ids.baraka}`,
    headers: people.admin,
    payload: { status: 'paid' },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  assert.deepEqual(await customers('approved', 'from=2025-03-02&to=2025-03-02'), ['Baraka Kamau']);
  assert.deepEqual(await customers('approved', 'from=2025-03-03'), []);
  assert.deepEqual(await customers('pending', 'sort=amount&order=desc'), ['Chebet Kamau', 'Achieng Kamau']);
});

test('a repayment sort or range the list does not know is a 400 naming the field', async (t) => {
  const { app, people } = await repaymentBook(t);
  await assertQueriesRefused(app, '/api/repayments/approved', people.admin, {
    'sort=customer': 'sort',
    'sort=amount&order=sideways': 'order',
    'to=03-03-2025': 'to',
    'from=2025-03-05&to=2025-03-01': 'from',
  });
});
