import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { repayments } from '../../db/schema';
import { assertQueriesRefused } from '../../../test/fixtures';
import { suspenseBook } from '../../../test/support/mpesa';
import { repaymentBook } from '../../../test/support/repayments';
import { csvDownload, csvRows, idsOf, REPAYMENTS_CSV_HEADER } from '../../../test/support/exports';

test('the monthly collection exports its whole month as CSV: the page’s repayments, order and scope, amounts as numbers, dates in Nairobi time', async (t) => {
  const { app, db, people, ids } = await repaymentBook(t);
  // Approved near midnight in Nairobi (UTC+3): 21:30 UTC is 00:30 the next day there.
  const approve = (id: number, at: string) =>
    db
      .update(repayments)
      .set({ status: 'paid', approvedAt: new Date(at) })
      .where(eq(repayments.id, id));
  await approve(ids.achieng, '2025-03-01T21:30:00Z'); // 2 March in Nairobi
  await approve(ids.chebet, '2025-02-28T21:30:00Z'); // 1 March in Nairobi
  await approve(ids.baraka, '2025-03-31T21:30:00Z'); // 1 April in Nairobi
  const exported = (query: string, headers = people.admin) =>
    app.inject({ url: `/api/exports/monthly-repayments.csv?${query}`, headers });
  const idsFor = async (query: string, headers = people.admin) =>
    idsOf((await exported(query, headers)).body);

  const march = await exported('');
  const lines = csvDownload(march, 'monthly-repayments-2025-03.csv', REPAYMENTS_CSV_HEADER);
  // This month (March, by Nairobi's calendar), oldest approval first, as the page.
  const cells = lines.slice(1).map((line) => line.split(','));
  assert.deepEqual(
    cells.map((row) => [row[0], row[2], row[3], row[4], row[5], row[9], row[10]]),
    [
      [String(ids.chebet), 'Chebet Kamau', '1500.00', 'QCC0000001', '2025-03-03', 'Approved', '2025-03-01'],
      [String(ids.achieng), 'Achieng Kamau', '500.00', 'QAA0000001', '2025-03-01', 'Approved', '2025-03-02'],
    ],
  );

  // The page's sort, either way.
  assert.deepEqual(await idsFor('sort=amount&order=desc'), [ids.chebet, ids.achieng]);
  assert.deepEqual(await idsFor('sort=amount'), [ids.achieng, ids.chebet]);
  assert.deepEqual(await idsFor('sort=paid_date&order=desc'), [ids.chebet, ids.achieng]);
  // Another month, named after it.
  const april = await exported('month=4&year=2025');
  assert.equal(april.headers['content-disposition'], 'attachment; filename="monthly-repayments-2025-04.csv"');
  assert.deepEqual(idsOf(april.body), [ids.baraka]);
  // Officers their own book, whatever the query says; an admin narrows to an officer.
  assert.deepEqual(await idsFor('', people.officerA), [ids.chebet, ids.achieng]);
  assert.deepEqual(await idsFor(`officerId=${people.officerBId}`, people.officerA), [
    ids.chebet,
    ids.achieng,
  ]);
  assert.deepEqual(await idsFor('month=4&year=2025', people.officerA), []);
  assert.deepEqual(await idsFor(`officerId=${people.officerBId}&month=4&year=2025`), [ids.baraka]);
  assert.deepEqual(await idsFor(`officerId=${people.officerBId}`), []);

  for (const [query, message] of [
    ['month=13', /Month/],
    ['sort=customer', /sort must be one of amount, paid_date, approved_at/],
    ['sort=amount&order=up', /order must be asc or desc/],
  ] as const) {
    const bad = await exported(query);
    assert.equal(bad.statusCode, 400, query);
    assert.match(bad.body, message);
  }
  const anonymous = await app.inject({ url: '/api/exports/monthly-repayments.csv' });
  assert.equal(anonymous.statusCode, 401);
});

test('the M-Pesa suspense list exports as CSV for admins: its status, search, days and sort, amounts as numbers, times in Nairobi', async (t) => {
  const { app, people } = await suspenseBook(t);
  const exported = (query: string, headers = people.admin) =>
    app.inject({ url: `/api/exports/suspense.csv?${query}`, headers });
  const codesOf = async (query: string) =>
    csvRows((await exported(query)).body)
      .slice(1)
      .map((line) => line.split(',')[3]);

  const waiting = await exported('sort=amount&order=desc');
  const lines = csvDownload(
    waiting,
    'mpesa-suspense-2025-03-03.csv',
    'Payment ID,Received,Payment Date,M-Pesa Code,Account Typed,Payer,Phone,Amount,Waiting,Reason,Status,How Applied,Loan ID,Resolved,Resolved By,Note',
  );
  const first = lines[1]?.split(',') ?? [];
  // M-Pesa's TransTime is Nairobi's wall clock: written as it was, with its business day.
  assert.deepEqual(first.slice(1, 5), ['2025-03-02 23:15', '2025-03-02', 'SAA0000001', 'NOSUCHACCOUNT']);
  assert.deepEqual(first.slice(7, 11), [
    '1500.50',
    '1500.50',
    'No open loan has this account number',
    'Waiting',
  ]);

  assert.deepEqual(await codesOf(''), ['SCC0000001', 'SAA0000001', 'SBB0000001'], 'newest received first');
  assert.deepEqual(await codesOf('sort=trans_id'), ['SAA0000001', 'SBB0000001', 'SCC0000001']);
  assert.deepEqual(await codesOf('from=2025-03-02&sort=amount'), ['SCC0000001', 'SAA0000001']);
  assert.deepEqual(await codesOf('search=SBB'), ['SBB0000001']);
  assert.deepEqual(await codesOf('status=refunded'), []);

  await assertQueriesRefused(app, '/api/exports/suspense.csv', people.admin, {
    'sort=payer': 'sort',
    'status=lost': 'status',
    'from=2025-03-03&to=2025-03-01': 'from',
  });
  // Who may not see the suspense queue may not export it.
  const officer = await exported('', people.officerA);
  assert.equal(officer.statusCode, 403);
  assert.equal(officer.headers['content-type']?.toString().startsWith('text/csv'), false);
});
