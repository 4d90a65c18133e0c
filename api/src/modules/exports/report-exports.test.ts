import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { EXPORT_BATCH_ROWS } from '../pagination';
import {
  buildWithStaff,
  csvDownload,
  disburse,
  idsOf,
  manyLoans,
  mineAndTheirs,
} from '../../../test/support/exports';

test('the monthly disbursement page exports its whole month as CSV, in the caller’s book, named after the month', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const { mine, theirs } = await mineAndTheirs(ctx, people, ['Achieng', 'Wanjiru']);

  const own = await ctx.app.inject({ url: '/api/exports/monthly-loans.csv', headers: people.officerA });
  csvDownload(own, 'monthly-loans-2025-03.csv');
  assert.match(own.body, /^\uFEFFLoan ID,Account No\.,Customer,/);
  // Oldest disbursement first, as the page; officer A's loans only, whatever the query says.
  assert.deepEqual(idsOf(own.body), mine);
  const widened = await ctx.app.inject({
    url: `/api/exports/monthly-loans.csv?officerId=${people.officerBId}`,
    headers: people.officerA,
  });
  assert.deepEqual(idsOf(widened.body), mine);

  const admin = await ctx.app.inject({ url: '/api/exports/monthly-loans.csv', headers: people.admin });
  assert.deepEqual(idsOf(admin.body), [...mine, theirs]);
  const narrowed = await ctx.app.inject({
    url: `/api/exports/monthly-loans.csv?officerId=${people.officerBId}`,
    headers: people.admin,
  });
  assert.deepEqual(idsOf(narrowed.body), [theirs]);

  const february = await ctx.app.inject({
    url: '/api/exports/monthly-loans.csv?month=2&year=2025',
    headers: people.admin,
  });
  assert.equal(february.headers['content-disposition'], 'attachment; filename="monthly-loans-2025-02.csv"');
  assert.deepEqual(idsOf(february.body), [], 'nothing was disbursed in February: the header alone');

  const bad = await ctx.app.inject({ url: '/api/exports/monthly-loans.csv?month=13', headers: people.admin });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /Month/);
  const anonymous = await ctx.app.inject({ url: '/api/exports/monthly-loans.csv' });
  assert.equal(anonymous.statusCode, 401);
});

test('the loan report exports the loans of its period as CSV; a custom period needs its dates', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const mine = await disburse(ctx, people, people.officerAId, 'Achieng');
  const theirs = await disburse(ctx, people, people.officerBId, 'Baraka');

  const all = await ctx.app.inject({ url: '/api/exports/loan-report.csv?period=all', headers: people.admin });
  csvDownload(all, 'loan-report-all-2025-03-03.csv');
  assert.deepEqual(idsOf(all.body), [mine, theirs]);
  const own = await ctx.app.inject({
    url: '/api/exports/loan-report.csv?period=today',
    headers: people.officerA,
  });
  assert.deepEqual(idsOf(own.body), [mine]);

  const earlier = await ctx.app.inject({
    url: '/api/exports/loan-report.csv?period=period&start_date=2025-01-01&end_date=2025-02-28',
    headers: people.admin,
  });
  assert.deepEqual(idsOf(earlier.body), []);
  const missing = await ctx.app.inject({
    url: '/api/exports/loan-report.csv?period=period&start_date=2025-01-01',
    headers: people.admin,
  });
  assert.equal(missing.statusCode, 400);
  assert.match(missing.body, /End date is required for a custom period/);
});

test('the report pages sort their loans by a column either way, and their exports follow the sort; an unknown sort is refused', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const small = await disburse(ctx, people, people.officerAId, 'Achieng', '5000.00');
  const large = await disburse(ctx, people, people.officerAId, 'Wanjiru', '20000.00');
  const middle = await disburse(ctx, people, people.officerAId, 'Baraka', '12000.00');
  const pageIds = async (url: string) => {
    const response = await ctx.app.inject({ url, headers: people.admin });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { loans: { id: number }[] }).loans.map((loan) => loan.id);
  };

  assert.deepEqual(await pageIds('/api/loans/monthly-active-loans'), [small, large, middle], 'oldest first');
  assert.deepEqual(await pageIds('/api/loans/monthly-active-loans?sort=principal&order=desc'), [
    large,
    middle,
    small,
  ]);
  assert.deepEqual(await pageIds('/api/loans/monthly-active-loans?sort=principal'), [small, middle, large]);
  assert.deepEqual(await pageIds('/api/loans/loan-reports?sort=remaining_balance&order=desc'), [
    large,
    middle,
    small,
  ]);
  const exported = await ctx.app.inject({
    url: '/api/exports/monthly-loans.csv?sort=principal&order=desc',
    headers: people.admin,
  });
  assert.deepEqual(idsOf(exported.body), [large, middle, small]);
  const report = await ctx.app.inject({
    url: '/api/exports/loan-report.csv?sort=principal',
    headers: people.admin,
  });
  assert.deepEqual(idsOf(report.body), [small, middle, large]);

  const unknown = await ctx.app.inject({
    url: '/api/loans/monthly-active-loans?sort=customer',
    headers: people.admin,
  });
  assert.equal(unknown.statusCode, 400);
  assert.match(unknown.body, /sort must be one of principal, total_amount/);
  const badOrder = await ctx.app.inject({
    url: '/api/repayments/monthly-approved?sort=amount&order=up',
    headers: people.admin,
  });
  assert.equal(badOrder.statusCode, 400);
  assert.match(badOrder.body, /order must be asc or desc/);
});

test('a report export longer than a batch continues after the last row of each batch, unsorted and sorted: every loan once, in order', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const count = EXPORT_BATCH_ROWS + 5;
  const ids = await manyLoans(ctx, people, count);
  // One disbursement instant written straight in the database (the export, not the disbursement,
  // is under test; with no schedule and no ageing day the rows are read as stored), and two
  // principals only: the id breaks the ties across the batch boundary, in either order.
  await ctx.db.execute(
    sql`update loans set disbursement_date = '2025-03-02T08:00:00Z', next_ageing_on = null,
      principal = case when id % 2 = 0 then 20000 else 10000 end`,
  );
  const exported = await ctx.app.inject({ url: '/api/exports/monthly-loans.csv', headers: people.admin });
  assert.deepEqual(idsOf(exported.body), ids);

  const sorted = await ctx.app.inject({
    url: '/api/exports/monthly-loans.csv?sort=principal&order=desc',
    headers: people.admin,
  });
  const evens = ids.filter((id) => id % 2 === 0).sort((a, b) => b - a);
  const odds = ids.filter((id) => id % 2 !== 0).sort((a, b) => b - a);
  assert.equal(evens.length + odds.length, count);
  assert.deepEqual(idsOf(sorted.body), [...evens, ...odds]);
});
