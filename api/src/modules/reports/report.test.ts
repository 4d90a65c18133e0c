import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { loans } from '../../db/schema';
import { addDays } from '../../domain/loan-engine';
import { percentage, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { disburseLoan, firstAdmin, fixtureLoan, fixtureRepayment, fixtureUser } from '../../../test/fixtures';
import { recomputeLoan } from '../loans/engine-input';
import { collectionRate, portfolioAtRisk } from './ratios';

test('ratios: PAR and collection rate as a % with 2 decimals, 0 over nothing', () => {
  assert.equal(portfolioAtRisk(300n, 400n), 75);
  assert.equal(portfolioAtRisk(2n, 3n), 66.67);
  assert.equal(portfolioAtRisk(400n, 400n), 100);
  assert.equal(portfolioAtRisk(0n, 0n), 0);
  assert.equal(collectionRate(1n, 3n), 33.33);
  assert.equal(collectionRate(5n, 0n), 0);
});

test('loan report: periods on a Nairobi clock, totals, counts, PAR and collection rate, validation', async (t) => {
  const { app, db, clock, config } = await build(t);
  const admin = await firstAdmin(db);
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  const sign = () => authHeader(app, ADMIN.email, ADMIN.password);
  const newLoan = (officerId: number) => fixtureLoan(db, officerId);
  const disburse = (id: number) => disburseLoan(app, id, sign);
  const l1 = await newLoan(officerA.id);
  const l2 = await newLoan(officerB.id);
  clock.set('2026-02-02T07:00:00Z'); // Monday 2 February 2026, 10:00 in Nairobi
  await disburse(l1.id); // installments due 9, 16, 23 February and 2 March
  clock.set('2026-02-27T07:00:00Z');
  await disburse(l2.id); // first installment due 6 March
  await fixtureRepayment(db, l1, {
    amount: l1.installmentAmount,
    paidDate: '2026-02-09',
    createdBy: admin.id,
    approvedBy: admin.id,
    approvedAt: new Date('2026-02-09T07:00:00Z'),
  });
  clock.set('2026-03-01T00:30:00+03:00'); // Sunday 1 March in Nairobi, still 28 February in UTC
  await db.transaction(async (tx) => {
    await recomputeLoan(tx, l1.id, '2026-03-01', config);
    await recomputeLoan(tx, l2.id, '2026-03-01', config);
  });
  const report = async (query: string) => {
    const response = await app.inject({ url: `/api/loans/loan-reports${query}`, headers: await sign() });
    return { status: response.statusCode, body: response.json() };
  };

  const lastMonth = (await report('?period=last_month')).body;
  assert.equal(lastMonth.start_date, '2026-02-01');
  assert.equal(lastMonth.end_date, '2026-02-28');
  assert.deepEqual(
    lastMonth.loans.map((l: { id: number }) => l.id),
    [l1.id, l2.id],
  );
  assert.deepEqual(lastMonth.meta, { page: 1, pageSize: 10, total: 2, totalPages: 1 });
  // A page past the list: no rows, the same figures (they cover the whole period).
  const beyond = (await report('?period=last_month&page=2')).body;
  assert.deepEqual(beyond.loans, []);
  assert.deepEqual(beyond.meta, { page: 2, pageSize: 10, total: 2, totalPages: 1 });
  assert.deepEqual(beyond.summary, lastMonth.summary);
  const installment = toCents(l1.installmentAmount);
  assert.equal(lastMonth.summary.total_disbursed, 20000);
  assert.equal(lastMonth.summary.total_paid, Number(l1.installmentAmount));
  // Three of l1's installments fell due in February; one was paid.
  assert.equal(lastMonth.summary.collection_rate, percentage(installment, installment * 3n));
  // l1 is 13 days late on its second installment; l2 has nothing due yet.
  const [r1, r2] = lastMonth.loans as { remaining_balance: number }[];
  const cents = (n: number) => toCents(String(n));
  assert.equal(
    lastMonth.summary.par1,
    percentage(cents(r1!.remaining_balance), cents(r1!.remaining_balance) + cents(r2!.remaining_balance)),
  );
  assert.equal(lastMonth.summary.par30, 0);

  const thisWeek = (await report('?period=this_week')).body;
  assert.equal(thisWeek.start_date, '2026-02-23');
  assert.equal(thisWeek.end_date, '2026-03-01');
  assert.deepEqual(
    thisWeek.loans.map((l: { id: number }) => l.id),
    [l2.id],
  );
  const today = (await report('?period=today')).body;
  assert.equal(today.start_date, '2026-03-01');
  assert.equal(today.loans.length, 0);
  assert.equal(today.summary.collection_rate, 0);
  const all = (await report('')).body;
  assert.equal(all.period, 'all');
  assert.equal(all.start_date, null);
  assert.equal(all.loans.length, 2);
  const narrowed = (await report(`?period=all&officerId=${officerB.id}`)).body;
  assert.deepEqual(
    narrowed.loans.map((l: { id: number }) => l.id),
    [l2.id],
  );
  // The sums follow the scope: B's loan has no repayment and nothing fell due in February.
  assert.equal(narrowed.summary.total_paid, 0);
  const ofA = (await report(`?period=last_month&officerId=${officerA.id}`)).body;
  assert.equal(ofA.summary.total_paid, Number(l1.installmentAmount));
  assert.equal(ofA.summary.collection_rate, lastMonth.summary.collection_rate);
  const ofB = (await report(`?period=last_month&officerId=${officerB.id}`)).body;
  assert.deepEqual([ofB.summary.total_paid, ofB.summary.collection_rate], [0, 0]);
  const custom = (await report('?period=period&start_date=2026-02-02&end_date=2026-02-02')).body;
  assert.deepEqual(
    custom.loans.map((l: { id: number }) => l.id),
    [l1.id],
  );
  assert.equal((await report('?period=period&start_date=2026-02-02')).status, 400);
  assert.equal((await report('?period=period&start_date=2026-02-03&end_date=2026-02-02')).status, 400);
  assert.equal((await report('?period=fortnight')).status, 400);
  assert.equal((await report('?page=0')).status, 400);
});

test('loan report: PAR-n over the open book in scope, from loans.due_date: more than n days late; repossessed and undisbursed loans left out', async (t) => {
  const { app, db, clock } = await build(t);
  const admin = await firstAdmin(db);
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  const asAdmin = () => authHeader(app, ADMIN.email, ADMIN.password);
  const today = '2026-04-30';
  const at = (date: string) => `${date}T07:00:00Z`; // 10:00 in Nairobi
  // The first installment falls due 7 days after the disbursement.
  const disbursedOn = async (officerId: number, date: string, principal: string, lateFee = '0') => {
    const loan = await fixtureLoan(db, officerId, { principal });
    await db.update(loans).set({ lateFeePercent: lateFee }).where(eq(loans.id, loan.id));
    clock.set(at(date));
    await disburseLoan(app, loan.id, asAdmin);
    return loan;
  };
  const late31 = await disbursedOn(officerA.id, addDays(today, -38), '10000.00');
  const repossessed = await disbursedOn(officerA.id, addDays(today, -20), '50000.00');
  const lateB = await disbursedOn(officerB.id, addDays(today, -20), '60000.00');
  // With a late fee, a repayment of one installment after its fee covers the fee first, so the
  // first installment stays uncovered and the loan stays late (as its days_overdue says).
  const feeLate = await disbursedOn(officerA.id, addDays(today, -12), '70000.00', '10.00');
  const late2 = await disbursedOn(officerA.id, addDays(today, -9), '20000.00');
  const late1 = await disbursedOn(officerA.id, addDays(today, -8), '30000.00');
  const notDue = await disbursedOn(officerA.id, addDays(today, -2), '40000.00');
  const pending = await fixtureLoan(db, officerA.id);

  const repossess = await app.inject({
    method: 'PUT',
    url: `/api/loans/repossess/${repossessed.id}`,
    headers: await asAdmin(),
  });
  assert.equal(repossess.statusCode, 200, repossess.body);
  /** Approved by the admin `daysAgo` days before today, its code recorded today. */
  const approvedRepayment = (loan: { id: number; customerId: number }, amount: string, daysAgo: number) =>
    fixtureRepayment(
      db,
      loan,
      {
        amount,
        paidDate: addDays(today, -daysAgo),
        createdBy: admin.id,
        approvedBy: admin.id,
        approvedAt: new Date(at(addDays(today, -daysAgo))),
      },
      new Date(at(today)),
    );
  await approvedRepayment(feeLate, feeLate.installmentAmount, 3);
  // A repayment on the repossessed loan, approved before the repossession: a repossessed collection.
  await approvedRepayment(repossessed, '1234.50', 4);
  clock.set(at(today));
  await app.runAgeing();

  type Row = { id: number; remaining_balance: number; status: string; days_overdue: number };
  const report = async (headers: { authorization: string }, query = '') => {
    const response = await app.inject({ url: `/api/loans/loan-reports${query}`, headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{
      loans: Row[];
      summary: Record<string, number> & { par1: number; par30: number };
    }>();
  };
  const all = await report(await asAdmin());
  const byId = new Map(all.loans.map((row) => [row.id, row]));
  // The counts by status are the period's loans' (all 7 disbursed fit on the first page here).
  const counted = (status: string) => all.loans.filter((row) => row.status === status).length;
  assert.equal(all.loans.length, 7);
  assert.deepEqual(
    [
      all.summary.active_loans,
      all.summary.cleared_loans,
      all.summary.overdue_loans,
      all.summary.partially_paid_loans,
      all.summary.defaulted_loans,
      all.summary.repossessed_loans,
    ],
    ['active', 'paid', 'overdue', 'partially_paid', 'defaulted', 'repossessed'].map(counted),
  );
  assert.equal(all.summary.defaulted_loans, 1);
  assert.equal(all.summary.repossessed_loans, 1);
  assert.equal(all.summary.repossessed_collections, 1234.5);
  assert.equal(
    all.summary.total_paid,
    toMoneyNumber(toCents(feeLate.installmentAmount) + toCents('1234.50')),
  );
  // A stored status the night's pass has not moved yet: the counts and the row read it as of today.
  await db.update(loans).set({ status: 'active' }).where(eq(loans.id, late31.id));
  const stale = await report(await asAdmin());
  assert.deepEqual(stale.summary, all.summary);
  assert.equal(stale.loans.find((row) => row.id === late31.id)?.status, 'defaulted');
  await db.update(loans).set({ status: 'defaulted' }).where(eq(loans.id, late31.id));
  assert.equal(byId.has(pending.id), false);
  assert.equal(byId.get(late31.id)?.status, 'defaulted');
  assert.equal(byId.get(late31.id)?.days_overdue, 31);
  assert.equal(byId.get(repossessed.id)?.status, 'repossessed');
  assert.equal(byId.get(feeLate.id)?.days_overdue, 5);
  assert.equal(byId.get(late2.id)?.days_overdue, 2);
  assert.equal(byId.get(late1.id)?.days_overdue, 1);
  assert.equal(byId.get(notDue.id)?.days_overdue, 0);
  const balance = (...ids: number[]) =>
    ids.reduce((sum, id) => sum + toCents(String(byId.get(id)?.remaining_balance)), 0n);

  // Everyone's book: repossessed left out; 1 day late is not more than 1.
  const openA = [late31.id, feeLate.id, late2.id, late1.id, notDue.id];
  assert.equal(
    all.summary.par1,
    percentage(balance(late31.id, feeLate.id, late2.id, lateB.id), balance(...openA, lateB.id)),
  );
  assert.equal(all.summary.par30, percentage(balance(late31.id), balance(...openA, lateB.id)));
  assert.ok(all.summary.par30 > 0 && all.summary.par1 > all.summary.par30);

  // One officer's book, as the admin narrows it and as the officer sees it; the period does not matter.
  const expected = {
    par1: percentage(balance(late31.id, feeLate.id, late2.id), balance(...openA)),
    par30: percentage(balance(late31.id), balance(...openA)),
  };
  const narrowed = await report(await asAdmin(), `?officerId=${officerA.id}&period=today`);
  assert.equal(narrowed.loans.length, 0);
  assert.deepEqual({ par1: narrowed.summary.par1, par30: narrowed.summary.par30 }, expected);
  const own = await report(await authHeader(app, officerA.email, officerA.password));
  assert.deepEqual({ par1: own.summary.par1, par30: own.summary.par30 }, expected);
  const ofB = await report(await asAdmin(), `?officerId=${officerB.id}`);
  assert.deepEqual({ par1: ofB.summary.par1, par30: ofB.summary.par30 }, { par1: 100, par30: 0 });
  assert.deepEqual([ofB.summary.repossessed_collections, ofB.summary.total_paid], [0, 0]);
  assert.equal(own.summary.repossessed_collections, 1234.5);
});
