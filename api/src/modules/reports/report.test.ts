import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mpesaCodes, repayments } from '../../db/schema';
import { percentage, toCents } from '../../domain/money';
import { ADMIN, authHeader, build } from '../../../test/helper';
import {
  firstAdmin,
  fixtureCustomer,
  fixturePendingLoan,
  fixtureUser,
  freshMpesaCode,
} from '../../../test/fixtures';
import { recomputeLoan } from '../loans/engine-input';
import { collectionRate, portfolioAtRisk } from './ratios';

test('ratios: PAR counts a loan once an uncovered installment is more than n days late; collection rate', () => {
  const loan = (paid: bigint, outstanding: bigint) => ({
    outstandingCents: outstanding,
    paidCents: paid,
    installments: [
      { dueDate: '2026-02-01', amountCents: 100n },
      { dueDate: '2026-02-08', amountCents: 100n },
    ],
  });
  // Today 2026-02-09: the second installment is 1 day late (not more), the first 8.
  assert.equal(portfolioAtRisk([loan(100n, 100n), loan(0n, 300n)], '2026-02-09', 1), 75);
  assert.equal(portfolioAtRisk([loan(100n, 100n)], '2026-02-10', 1), 100);
  assert.equal(portfolioAtRisk([loan(0n, 300n)], '2026-02-09', 30), 0);
  assert.equal(portfolioAtRisk([], '2026-02-09', 1), 0);
  assert.equal(collectionRate(1n, 3n), 33.33);
  assert.equal(collectionRate(5n, 0n), 0);
});

test('loan report: periods on a Nairobi clock, totals, counts, PAR and collection rate, validation', async (t) => {
  const { app, db, clock, config } = await build(t);
  const admin = await firstAdmin(db);
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  const sign = () => authHeader(app, ADMIN.email, ADMIN.password);
  const newLoan = async (officerId: number) => {
    const customer = await fixtureCustomer(db, officerId);
    return fixturePendingLoan(db, customer.id, officerId);
  };
  const disburse = async (id: number) => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/loans/disburse/${id}`,
      headers: await sign(),
      payload: { mpesaCode: freshMpesaCode('DB') },
    });
    assert.equal(response.statusCode, 200, response.body);
  };
  const l1 = await newLoan(officerA.id);
  const l2 = await newLoan(officerB.id);
  clock.set('2026-02-02T07:00:00Z'); // Monday 2 February 2026, 10:00 in Nairobi
  await disburse(l1.id); // installments due 9, 16, 23 February and 2 March
  clock.set('2026-02-27T07:00:00Z');
  await disburse(l2.id); // first installment due 6 March
  const code = freshMpesaCode('RP');
  await db
    .insert(mpesaCodes)
    .values({ code, usedFor: 'repayment', recordedAt: new Date('2026-02-09T07:00:00Z') });
  await db.insert(repayments).values({
    loanId: l1.id,
    customerId: l1.customerId,
    amount: l1.installmentAmount,
    mpesaCode: code,
    status: 'paid',
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
  const custom = (await report('?period=period&start_date=2026-02-02&end_date=2026-02-02')).body;
  assert.deepEqual(
    custom.loans.map((l: { id: number }) => l.id),
    [l1.id],
  );
  assert.equal((await report('?period=period&start_date=2026-02-02')).status, 400);
  assert.equal((await report('?period=period&start_date=2026-02-03&end_date=2026-02-02')).status, 400);
  assert.equal((await report('?period=fortnight')).status, 400);
});
