import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { EXPORT_BATCH_ROWS } from '../pagination';
import { buildWithStaff, csvExport, csvRows, manyLoans, mineAndTheirs } from '../../../test/support/exports';

test('a loan list exports as CSV: every row of the list in its order, as on screen, in the caller’s book, amounts as numbers', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const { mine, theirs } = await mineAndTheirs(ctx, people, ['Achieng', '=cmd']);

  const lines = await csvExport(ctx.app, '/api/exports/loans.csv?list=active', people.officerA, {
    filename: 'active-loans-2025-03-03.csv',
    header:
      'Loan ID,Account No.,Customer,National ID,Phone,Product,Principal,Total,Paid,Balance,Arrears,Amount Due,Status,Device,Disbursed,Due Date,Days Overdue,Promise Date,Promise Amount,Promise Status',
  });
  assert.equal(lines.length, 3, 'officer A: their two loans only');
  const first = lines[1]?.split(',') ?? [];
  // Newest disbursed first, as the Active Loans list.
  assert.deepEqual(first.slice(0, 3), [String(mine[1]), encodeAccountNumber(mine[1] ?? 0), "'=cmd Kamau"]);
  // Statuses as their labels, not codes; the phone in its international form, as text (csvPhone).
  // The amount due by the loan's next due date: its first installment (11,000 over 4 weeks).
  assert.deepEqual(first.slice(6, 13), [
    '10000.00',
    '11000.00',
    '0.00',
    '11000.00',
    '0.00',
    '2750.00',
    'Active',
  ]);
  assert.match(first[4] ?? '', /^"=""\+2547\d{8}"""$/);
  assert.equal(first[14], '2025-03-03');

  const admin = csvRows(
    (await ctx.app.inject({ url: '/api/exports/loans.csv?list=active', headers: people.admin })).body,
  );
  assert.equal(admin.length, 4);
  const searched = csvRows(
    (await ctx.app.inject({ url: '/api/exports/loans.csv?list=active&search=baraka', headers: people.admin }))
      .body,
  );
  assert.deepEqual(
    searched.slice(1).map((line) => line.split(',')[0]),
    [String(theirs)],
  );
  const byAccount = csvRows(
    (
      await ctx.app.inject({
        url: `/api/exports/loans.csv?list=active&search=${encodeAccountNumber(mine[0] ?? 0)}`,
        headers: people.officerA,
      })
    ).body,
  );
  assert.deepEqual(
    byAccount.slice(1).map((line) => line.split(',')[0]),
    [String(mine[0])],
  );

  const bad = await ctx.app.inject({ url: '/api/exports/loans.csv?list=everything', headers: people.admin });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.json().message, /list must be one of/);
});

test('an export longer than a batch continues after the last row of each batch: every loan once, in order', async (t) => {
  const { ctx, people } = await buildWithStaff(t);
  const count = EXPORT_BATCH_ROWS + 7;
  // Disbursed straight in the database: the export, not the disbursement, is under test.
  const ids = await manyLoans(ctx, people, count);
  await ctx.db.execute(
    // Same disbursement instant for many rows: the id breaks the ties, as the list's order does.
    (await import('drizzle-orm'))
      .sql`update loans set status = 'pending_disbursement', approved_at = '2025-03-01T08:00:00Z'`,
  );
  const exported = await ctx.app.inject({
    url: '/api/exports/loans.csv?list=pendingDisbursement',
    headers: people.admin,
  });
  const exportedIds = csvRows(exported.body)
    .slice(1)
    .map((line) => Number(line.split(',')[0]));
  assert.equal(exportedIds.length, count);
  assert.deepEqual(
    exportedIds,
    [...ids].sort((a, b) => b - a),
  );
});
