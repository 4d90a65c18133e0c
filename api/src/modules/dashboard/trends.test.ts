import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DashboardTrends, DashboardTrendWeek } from '@lender/shared/contract/dashboard';
import type { Database } from '../../db/client';
import { portfolioSnapshots } from '../../db/schema';
import { addDays } from '../../domain/loan-engine';
import { toCents } from '@lender/shared/domain/cents';
import { portfolioAtRisk } from '../reports/ratios';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { bookWrites } from '../../../test/book-writes';
import { fixtureUser } from '../../../test/fixtures';
import { mondayOf } from './service';

/** PAR30 of a scope counted from scratch over the loans: what the snapshot must have kept. */
async function par30FromScratch(db: Database, day: string, officerId?: number): Promise<number> {
  const scope = officerId === undefined ? sql`true` : sql`officer_id = ${officerId}`;
  const result = (await db.execute(sql`
    select coalesce(sum(remaining_balance), 0)::text as outstanding,
      coalesce(sum(remaining_balance) filter (where due_date < ${addDays(day, -30)}::date), 0)::text as at_risk
    from loans
    where disbursement_date is not null
      and status in ('active', 'partially_paid', 'overdue', 'defaulted') and ${scope}`)) as unknown as {
    rows: { outstanding: string; at_risk: string }[];
  };
  const row = result.rows[0];
  assert.ok(row);
  return portfolioAtRisk(toCents(row.at_risk), toCents(row.outstanding));
}

test('mondayOf: the Monday of a business date’s week', () => {
  assert.equal(mondayOf('2026-03-02'), '2026-03-02'); // a Monday
  assert.equal(mondayOf('2026-03-08'), '2026-03-02'); // the Sunday after it
  assert.equal(mondayOf('2026-03-04'), '2026-03-02');
  assert.equal(mondayOf('2026-01-01'), '2025-12-29'); // across a year
});

test('dashboard trends: weekly sums on Nairobi weeks, target shares, scope, PAR30 from the ageing pass snapshots', async (t) => {
  const { app, db, clock } = await build(t);
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  const admin = () => authHeader(app, ADMIN.email, ADMIN.password);
  const as = (officer: typeof officerA) => authHeader(app, officer.email, officer.password);
  const { call, loan, disburse, pay, approve } = bookWrites(app, db, { admin, as });

  const a1 = await loan(officerA, '10000.00');
  const a2 = await loan(officerA, '20000.00');
  const b1 = await loan(officerB, '5000.00');
  const b2 = await loan(officerB, '10000.00');
  // Sunday 1 February, 23:30 in Nairobi and Monday 2 February, 00:30: the same UTC day, but two weeks.
  clock.set('2026-02-01T23:30:00+03:00');
  await disburse(a1.id);
  clock.set('2026-02-02T00:30:00+03:00');
  await disburse(a2.id);
  clock.set('2026-02-03T10:00:00+03:00');
  await disburse(b1.id);
  // Repayments paid on Sunday 8 February late and Monday 9 February early, Nairobi time.
  clock.set('2026-02-08T23:00:00+03:00');
  await approve(await pay(a1.id, 2750, officerA));
  clock.set('2026-02-09T00:30:00+03:00');
  await approve(await pay(a1.id, 1000, officerA));

  // Targets: February 28 days (1,000 a day for A), March 31 days (1,000 a day for A); company-wide
  // only in February.
  await call('PUT', '/api/targets?month=2&year=2026', {
    targets: [
      { officerId: null, disbursementTarget: 56000, collectionTarget: 5600 },
      { officerId: officerA.id, disbursementTarget: 28000, collectionTarget: 2800 },
    ],
  });
  await call('PUT', '/api/targets?month=3&year=2026', {
    targets: [{ officerId: officerA.id, disbursementTarget: 31000, collectionTarget: 3100 }],
  });

  // The ageing pass writes a snapshot for its day: Friday 20 February, then Friday 20 March.
  clock.set('2026-02-20T10:00:00+03:00');
  assert.equal((await app.runAgeing()).ran, true);
  const parFebruary = {
    all: await par30FromScratch(db, '2026-02-20'),
    b: await par30FromScratch(db, '2026-02-20', officerB.id),
  };
  clock.set('2026-03-16T10:00:00+03:00');
  await disburse(b2.id);
  clock.set('2026-03-20T10:00:00+03:00');
  await app.runAgeing();
  // A second pass the same day replaces the day's snapshot rather than adding to it.
  await app.runAgeing();
  const parMarch = {
    all: await par30FromScratch(db, '2026-03-20'),
    a: await par30FromScratch(db, '2026-03-20', officerA.id),
    b: await par30FromScratch(db, '2026-03-20', officerB.id),
  };
  assert.ok(parMarch.all > 0 && parMarch.all < 100, `a PAR30 between 0 and 100: ${parMarch.all}`);
  const snapshotRows = await db.select().from(portfolioSnapshots);
  assert.deepEqual(
    snapshotRows.map((r) => `${r.businessDate}:${r.officerId}`).sort(),
    [
      `2026-02-20:${officerA.id}`,
      `2026-02-20:${officerB.id}`,
      `2026-03-20:${officerA.id}`,
      `2026-03-20:${officerB.id}`,
    ].sort(),
  );

  const trends = async (headers: { authorization: string }, query = '') => {
    const response = await app.inject({ url: `/api/loans/dashboard/trends${query}`, headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as DashboardTrends;
  };
  const week = (body: DashboardTrends, monday: string): DashboardTrendWeek => {
    const found = body.weeks.find((w) => w.week_start === monday);
    assert.ok(found, `week of ${monday}`);
    return found;
  };

  // Admin, whole book, on Friday 20 March: 12 weeks from Monday 29 December to Sunday 22 March.
  const all = await trends(await admin());
  assert.equal(all.today, '2026-03-20');
  assert.equal(all.weeks.length, 12);
  assert.equal(all.weeks[0]?.week_start, '2025-12-29');
  assert.equal(all.weeks[11]?.week_start, '2026-03-16');
  assert.equal(all.weeks[11]?.week_end, '2026-03-22');
  assert.deepEqual(all.officers, [
    { id: officerA.id, name: `${officerA.firstName} ${officerA.lastName}` },
    { id: officerB.id, name: `${officerB.firstName} ${officerB.lastName}` },
  ]);
  assert.equal(week(all, '2026-01-26').disbursed, 10000); // a1, Sunday night in Nairobi
  assert.equal(week(all, '2026-02-02').disbursed, 25000); // a2 (Monday 00:30) and b1
  assert.equal(week(all, '2026-03-16').disbursed, 10000);
  assert.equal(week(all, '2026-02-09').disbursed, 0);
  assert.equal(week(all, '2026-02-02').collected, 2750); // Sunday 23:00
  assert.equal(week(all, '2026-02-09').collected, 1000); // Monday 00:30
  // The weeks' share of the targets: 7 February days of the company's 56,000 / 28 days.
  assert.equal(week(all, '2026-02-02').disbursement_target, 14000);
  assert.equal(week(all, '2026-02-02').collection_target, 1400);
  // 23 February to 1 March: 6 days of February's company target, 1 of March's (no company row:
  // the officers' targets summed, as the monthly pages do).
  assert.equal(week(all, '2026-02-23').disbursement_target, 12000 + 1000);
  assert.equal(week(all, '2026-01-05').disbursement_target, 0);
  // PAR30 where a snapshot exists, as of the week's latest one; none elsewhere.
  assert.equal(week(all, '2026-02-16').par30, parFebruary.all);
  assert.equal(week(all, '2026-02-16').par30_as_of, '2026-02-20');
  assert.equal(week(all, '2026-03-16').par30, parMarch.all);
  assert.equal(week(all, '2026-03-16').par30_as_of, '2026-03-20');
  assert.equal(week(all, '2026-03-09').par30, null);
  assert.equal(all.weeks.filter((w) => w.par30 !== null).length, 2);

  // An officer sees their own book, whatever officerId they send, and no officers to pick.
  const ownA = await trends(await as(officerA), `?officerId=${officerB.id}`);
  assert.deepEqual(ownA.officers, []);
  assert.equal(week(ownA, '2026-01-26').disbursed, 10000);
  assert.equal(week(ownA, '2026-02-02').disbursed, 20000);
  assert.equal(week(ownA, '2026-03-16').disbursed, 0);
  assert.equal(week(ownA, '2026-02-02').collected, 2750);
  assert.equal(week(ownA, '2026-02-02').disbursement_target, 7000);
  assert.equal(week(ownA, '2026-02-23').disbursement_target, 7000); // 6,000 of February + 1,000 of March
  assert.equal(week(ownA, '2026-02-23').collection_target, 700);
  assert.equal(week(ownA, '2026-01-26').disbursement_target, 1000); // 1 February only
  assert.equal(week(ownA, '2026-03-16').par30, parMarch.a);

  // An admin picks an officer.
  const pickedB = await trends(await admin(), `?officerId=${officerB.id}`);
  assert.equal(week(pickedB, '2026-02-02').disbursed, 5000);
  assert.equal(week(pickedB, '2026-03-16').disbursed, 10000);
  assert.equal(week(pickedB, '2026-02-02').collected, 0);
  assert.equal(week(pickedB, '2026-02-02').disbursement_target, 0);
  assert.equal(week(pickedB, '2026-02-16').par30, parFebruary.b);
  assert.equal(week(pickedB, '2026-03-16').par30, parMarch.b);
  assert.equal(pickedB.officers.length, 2);

  // Bad input names the field; no token, 401.
  const bad = await app.inject({ url: '/api/loans/dashboard/trends?officerId=abc', headers: await admin() });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /officerId/);
  assert.equal((await app.inject({ url: '/api/loans/dashboard/trends' })).statusCode, 401);
});
