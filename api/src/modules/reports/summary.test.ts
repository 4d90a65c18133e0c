import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loans, repayments, reportDayPending, reportSummaryPending } from '../../db/schema';
import { businessDate } from '../../domain/clock';
import { toCents } from '@lender/shared/domain/cents';
import { ADMIN, authHeader, build, rebuild } from '../../../test/helper';
import { bookWrites, moveLoans } from '../../../test/book-writes';
import { fixtureUser } from '../../../test/fixtures';
import { collectionRate } from './ratios';

const DAY = 24 * 60 * 60 * 1000;

type Rows = { rows: Record<string, string>[] };

/** Each summary table and its recomputation from the base tables (zero sums left out), as text. */
async function summariesAndRecomputed(db: Database, timeZone: string) {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as Rows).rows.map((row) => JSON.stringify(row));
  return {
    installments:
      await read(sql`select officer_id, due_date::text, amount::numeric::text from installment_due_summary
      where amount <> 0 order by 1, 2`),
    installmentsRecomputed:
      await read(sql`select l.officer_id, i.due_date::text, sum(i.amount)::numeric::text as amount
      from loan_installments i join loans l on l.id = i.loan_id group by 1, 2 having sum(i.amount) <> 0 order by 1, 2`),
    paid: await read(sql`select officer_id, paid_date::text, repossessed, amount::numeric::text from repayment_paid_summary
      where amount <> 0 order by 1, 2, 3`),
    paidRecomputed:
      await read(sql`select l.officer_id, r.paid_date::text, l.status = 'repossessed' as repossessed,
      sum(r.amount)::numeric::text as amount
      from repayments r join loans l on l.id = r.loan_id where r.status = 'paid'
      group by 1, 2, 3 having sum(r.amount) <> 0 order by 1, 2, 3`),
    disbursed: await read(sql`select officer_id, day::text, status, due_date::text, partly_paid, loans::text,
      principal::numeric::text, balance::numeric::text from loan_disbursal_summary where loans <> 0 or principal <> 0 or balance <> 0 order by 1, 2, 3, 4, 5`),
    disbursedRecomputed:
      await read(sql`select officer_id, (disbursement_date at time zone ${timeZone})::date::text as day,
      status, (case when status in ('active', 'partially_paid', 'overdue', 'defaulted') then due_date end)::text as due_date,
      status in ('active', 'partially_paid', 'overdue', 'defaulted') and paid_amount > 0 as partly_paid,
      count(*)::text as loans, sum(principal)::numeric::text as principal,
      sum(remaining_balance)::numeric::text as balance
      from loans where disbursement_date is not null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    approved: await read(sql`select officer_id, day::text, repayments::text, amount::numeric::text
      from repayment_approved_summary where repayments <> 0 or amount <> 0 order by 1, 2`),
    approvedRecomputed:
      await read(sql`select l.officer_id, (r.approved_at at time zone ${timeZone})::date::text as day,
      count(*)::text as repayments, sum(r.amount)::numeric::text as amount
      from repayments r join loans l on l.id = r.loan_id where r.status = 'paid' and r.approved_at is not null
      group by 1, 2 order by 1, 2`),
  };
}

/** The report's summed figures for the whole book, counted from the base tables as before 0014. */
async function reportFromScratch(db: Database, today: string, officerId?: number) {
  const scope = officerId === undefined ? sql`true` : sql`l.officer_id = ${officerId}`;
  const [row] = (
    (await db.execute(sql`select
      (select coalesce(sum(r.amount), 0) from repayments r join loans l on l.id = r.loan_id
        where r.status = 'paid' and ${scope})::text as paid,
      (select coalesce(sum(r.amount), 0) from repayments r join loans l on l.id = r.loan_id
        where r.status = 'paid' and l.status = 'repossessed' and ${scope})::text as repossessed,
      (select coalesce(sum(i.amount), 0) from loan_installments i join loans l on l.id = i.loan_id
        where i.due_date <= ${today} and ${scope})::text as due`)) as unknown as Rows
  ).rows;
  assert.ok(row);
  return row;
}

test('report summaries: the tables the triggers keep equal a recomputation after every kind of write', async (t) => {
  const built = await build(t);
  const { app, db, clock, config } = built;
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  const admin = () => authHeader(app, ADMIN.email, ADMIN.password);
  const as = (officer: typeof officerA) => authHeader(app, officer.email, officer.password);
  const { call, loan, disburse, pay, approve } = bookWrites(app, db, { admin, as });
  const today = () => businessDate(clock.now(), config.timeZone);

  let step = 0;
  /**
   * After each step: the summaries equal their recomputation, nothing is left pending, and the
   * report's whole-book figures for each scope are the ones counted from the base tables.
   */
  const check = async (what: string) => {
    step += 1;
    const now = await summariesAndRecomputed(db, config.timeZone);
    assert.deepEqual(now.installments, now.installmentsRecomputed, `step ${step} (${what}): installments`);
    assert.deepEqual(now.paid, now.paidRecomputed, `step ${step} (${what}): repayments`);
    assert.deepEqual(now.disbursed, now.disbursedRecomputed, `step ${step} (${what}): disbursed loans`);
    assert.deepEqual(now.approved, now.approvedRecomputed, `step ${step} (${what}): approved repayments`);
    assert.deepEqual(await db.select().from(reportSummaryPending), [], `step ${step}: pending rows left`);
    assert.deepEqual(await db.select().from(reportDayPending), [], `step ${step}: pending day rows left`);
    for (const officerId of [undefined, officerA.id, officerB.id]) {
      const query = officerId === undefined ? '' : `&officerId=${officerId}`;
      const response = await app.inject({
        url: `/api/loans/loan-reports?period=all${query}`,
        headers: await admin(),
      });
      assert.equal(response.statusCode, 200, response.body);
      const { summary } = response.json();
      const expected = await reportFromScratch(db, today(), officerId);
      assert.equal(summary.total_paid, Number(expected.paid), `step ${step} (${what}): total paid`);
      assert.equal(
        summary.repossessed_collections,
        Number(expected.repossessed),
        `step ${step} (${what}): repossessed collections`,
      );
      assert.equal(
        summary.collection_rate,
        collectionRate(toCents(expected.paid ?? '0'), toCents(expected.due ?? '0')),
        `step ${step} (${what}): collection rate`,
      );
    }
  };

  await check('empty book');
  const a1 = await loan(officerA);
  const a2 = await loan(officerA, '20000.00');
  const b1 = await loan(officerB, '12000.00');
  const b2 = await loan(officerB);
  await check('approved, pending disbursement');
  for (const { id } of [a1, a2, b1, b2]) await disburse(id);
  await check('disbursed: installments written');

  const r1 = await pay(a1.id, 3000, officerA);
  await check('repayment recorded, pending');
  await approve(r1);
  await check('repayment approved');
  await approve(await pay(b1.id, 1200, officerB));
  await check('a repayment approved on the loan to be repossessed');
  const rejected = await pay(a2.id, 500, officerA);
  // No endpoint rejects a repayment: a pending one removed, as a clean-up would.
  await db.delete(repayments).where(eq(repayments.id, rejected));
  await check('pending repayment removed');
  // An approved one taken back to pending (a correction), then approved again.
  await db.update(repayments).set({ status: 'pending' }).where(eq(repayments.id, r1));
  await check('approved repayment back to pending');
  await db.update(repayments).set({ status: 'paid' }).where(eq(repayments.id, r1));
  await check('approved again');

  clock.advance(8 * DAY);
  await app.ageing.run(today());
  await check('aged a week on');
  await call('PUT', `/api/loans/lock/${b1.id}`);
  await call('PUT', `/api/loans/repossess/${b1.id}`);
  await check('repossessed: its repayments move to the repossessed half');
  clock.advance(40 * DAY);
  await app.ageing.run(today());
  await check('aged past the threshold');

  // A loan moving to another officer takes its installments and repayments with it; several in
  // one statement; a rolled-back transaction changes nothing.
  await moveLoans(
    db,
    {
      one: a1.id,
      two: [a1.id, b1.id],
      from: officerA.id,
      to: officerB.id,
      twoLabel: 'two loans moved in one statement, one of them repossessed',
    },
    check,
  );
  await db.update(loans).set({ status: 'defaulted' }).where(eq(loans.id, b1.id));
  await check('no longer repossessed');
  await db.delete(loans).where(eq(loans.id, b2.id));
  await check('loan without repayments deleted, its installments by cascade');
  // A server started with another LENDER_TZ counts the day summaries again in its days.
  const nairobi = await summariesAndRecomputed(db, config.timeZone);
  const elsewhere = await rebuild(t, built, { timeZone: 'Pacific/Pago_Pago' });
  const pagoPago = await summariesAndRecomputed(elsewhere.db, 'Pacific/Pago_Pago');
  assert.deepEqual(pagoPago.disbursed, pagoPago.disbursedRecomputed, 'disbursed loans in another zone');
  assert.deepEqual(pagoPago.approved, pagoPago.approvedRecomputed, 'approved repayments in another zone');
  assert.notDeepEqual(pagoPago.disbursed, nairobi.disbursed, "the days are the other zone's");
  await rebuild(t, built, { timeZone: config.timeZone });
  await check('back in Nairobi');
  await db.execute(sql`truncate ${repayments}`);
  await check('repayments truncated');
  await db.execute(sql`truncate ${loans} cascade`);
  await check('loans truncated');
});
