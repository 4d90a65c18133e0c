import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { monthlyTargets } from '../../db/schema';
import {
  buildWithOfficers,
  disburseLoan,
  firstAdmin,
  fixtureLoan,
  fixtureRepayment,
} from '../../../test/fixtures';
import { monthRange, targetSummary } from './monthly';

async function setup(t: TestContext) {
  const ctx = await buildWithOfficers(t);
  const { app, db, signIn } = ctx;
  const admin = await firstAdmin(db);
  type Who = 'admin' | 'asA' | 'asB';
  const newLoan = (officerId: number, principal: string) => fixtureLoan(db, officerId, { principal });
  const disburse = async (id: number) => disburseLoan(app, id, (await signIn()).admin);
  /** An approved repayment written straight to the database. */
  const approved = async (loan: { id: number; customerId: number }, amount: string, approvedAt: string) => {
    await fixtureRepayment(db, loan, {
      amount,
      paidDate: approvedAt.slice(0, 10),
      createdBy: admin.id,
      approvedBy: admin.id,
      approvedAt: new Date(approvedAt),
    });
  };
  const target = (officerId: number | null, kind: 'disbursement' | 'collection', amount: string) =>
    db.insert(monthlyTargets).values({ officerId, year: 2025, month: 3, kind, amount });
  const get = async (url: string, who: Who = 'admin') => {
    const response = await app.inject({ url, headers: (await signIn())[who] });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  return { ...ctx, newLoan, disburse, approved, target, get };
}

test('monthly summary maths: deficit, percentage, 0 when no target', () => {
  assert.deepEqual(targetSummary(1_500_000n, 2_000_000n), {
    total_amount_sum: 15000,
    target_amount: 20000,
    deficit: 5000,
    percentage: 75,
  });
  assert.equal(targetSummary(100n, 0n).percentage, 0);
  assert.equal(targetSummary(100n, 0n).deficit, 0);
  assert.equal(targetSummary(2_000n, 300n).deficit, 0);
  assert.equal(targetSummary(1n, 3n).percentage, 33.33);
  assert.deepEqual(monthRange(2024, 2), { start: '2024-02-01', end: '2024-02-29' });
  assert.deepEqual(monthRange(2025, 12), { start: '2025-12-01', end: '2025-12-31' });
});

test('monthly active loans: disbursed in the Nairobi month, scope, targets (own, company-wide, sum of officers)', async (t) => {
  const { clock, officerA, officerB, newLoan, disburse, target, get, app, signIn } = await setup(t);
  const a1 = await newLoan(officerA.id, '10000.00');
  const b1 = await newLoan(officerB.id, '5000.50');
  const a2 = await newLoan(officerA.id, '7000.00');
  await disburse(a1.id); // Mon 3 March 2025, Nairobi
  await disburse(b1.id);
  clock.set('2025-03-31T21:30:00Z'); // 00:30 on 1 April in Nairobi, still March in UTC
  await disburse(a2.id);

  // Not captured by /api/loans/:id.
  const march = await get('/api/loans/monthly-active-loans?month=3&year=2025');
  assert.deepEqual(
    march.loans.map((l: { id: number }) => l.id),
    [a1.id, b1.id],
  );
  assert.deepEqual(march.summary, {
    loan_count: 2,
    total_amount_sum: 15000.5,
    target_amount: 0,
    deficit: 0,
    percentage: 0,
  });
  // Default month: the current one in Nairobi (April).
  const april = await get('/api/loans/monthly-active-loans');
  assert.deepEqual(
    april.loans.map((l: { id: number }) => l.id),
    [a2.id],
  );

  // No company-wide target: an admin's target is the sum of the officers'.
  await target(officerA.id, 'disbursement', '20000.00');
  await target(officerB.id, 'disbursement', '10000.00');
  let summary = (await get('/api/loans/monthly-active-loans?month=3&year=2025')).summary;
  assert.equal(summary.target_amount, 30000);
  assert.equal(summary.deficit, 14999.5);
  assert.equal(summary.percentage, 50);
  // A company-wide target wins for the admin's whole company.
  await target(null, 'disbursement', '40000.00');
  summary = (await get('/api/loans/monthly-active-loans?month=3&year=2025')).summary;
  assert.equal(summary.target_amount, 40000);
  assert.equal(summary.percentage, 37.5);
  // An officer: own book and own target, whatever the query says.
  const asA = await get(`/api/loans/monthly-active-loans?month=3&year=2025&officerId=${officerB.id}`, 'asA');
  assert.deepEqual(
    asA.loans.map((l: { id: number }) => l.id),
    [a1.id],
  );
  assert.deepEqual(asA.summary, {
    loan_count: 1,
    total_amount_sum: 10000,
    target_amount: 20000,
    deficit: 10000,
    percentage: 50,
  });
  // An admin narrowing to an officer gets that officer's target.
  const narrowed = await get(`/api/loans/monthly-active-loans?month=3&year=2025&officerId=${officerB.id}`);
  assert.equal(narrowed.summary.loan_count, 1);
  assert.equal(narrowed.summary.target_amount, 10000);
  assert.equal(narrowed.summary.percentage, 50.01);
  // Validation.
  const bad = await app.inject({
    url: '/api/loans/monthly-active-loans?month=13',
    headers: (await signIn()).admin,
  });
  assert.equal(bad.statusCode, 400);
});

test('monthly approved repayments: approved in the Nairobi month, scope and collection target', async (t) => {
  const { officerA, officerB, newLoan, disburse, approved, target, get } = await setup(t);
  const a1 = await newLoan(officerA.id, '10000.00');
  const b1 = await newLoan(officerB.id, '10000.00');
  await disburse(a1.id);
  await disburse(b1.id);
  await approved(a1, '1000.10', '2025-03-10T08:00:00Z');
  await approved(b1, '500.00', '2025-03-20T08:00:00Z');
  await approved(a1, '250.00', '2025-03-31T21:30:00Z'); // 1 April in Nairobi
  await approved(a1, '300.00', '2025-02-28T21:30:00Z'); // 1 March in Nairobi

  const all = await get('/api/repayments/monthly-approved?month=3&year=2025');
  assert.equal(all.repayments.length, 3);
  assert.deepEqual(all.summary, {
    repayment_count: 3,
    total_amount_sum: 1800.1,
    target_amount: 0,
    deficit: 0,
    percentage: 0,
  });
  assert.equal(all.repayments[0].amount, 300);
  assert.equal(all.repayments[0].status, 'paid');

  await target(officerA.id, 'collection', '2000.00');
  await target(officerA.id, 'disbursement', '99999.00');
  const asA = await get('/api/repayments/monthly-approved?month=3&year=2025', 'asA');
  assert.deepEqual(asA.summary, {
    repayment_count: 2,
    total_amount_sum: 1300.1,
    target_amount: 2000,
    deficit: 699.9,
    percentage: 65.01,
  });
  const asB = await get('/api/repayments/monthly-approved?month=3&year=2025', 'asB');
  assert.equal(asB.summary.repayment_count, 1);
  assert.equal(asB.summary.target_amount, 0);
  // Admin, no company-wide target: the sum of the officers' collection targets.
  assert.equal((await get('/api/repayments/monthly-approved?month=3&year=2025')).summary.target_amount, 2000);
});

test('monthly pages: 10 a page in a stable order, page meta, the summary over the whole month', async (t) => {
  const { app, signIn, clock, officerA, officerB, newLoan, disburse, approved, target, get } = await setup(t);
  // 12 loans disbursed in March 2025, the first two at the same instant (the id breaks the tie).
  const disbursed: { id: number; customerId: number }[] = [];
  for (let i = 0; i < 12; i += 1) {
    const loan = await newLoan(i % 2 === 0 ? officerA.id : officerB.id, `${1000 + i}.00`);
    clock.set(`2025-03-${String(2 + Math.max(i - 1, 0)).padStart(2, '0')}T07:00:00Z`);
    await disburse(loan.id);
    disbursed.push(loan);
  }
  await target(null, 'disbursement', '24132.00');
  const page1 = await get('/api/loans/monthly-active-loans?month=3&year=2025');
  const page2 = await get('/api/loans/monthly-active-loans?month=3&year=2025&page=2');
  const page3 = await get('/api/loans/monthly-active-loans?month=3&year=2025&page=3');
  assert.deepEqual(page1.meta, { page: 1, pageSize: 10, total: 12, totalPages: 2 });
  assert.deepEqual(page2.meta, { page: 2, pageSize: 10, total: 12, totalPages: 2 });
  assert.equal(page1.loans.length, 10);
  assert.equal(page2.loans.length, 2);
  assert.equal(page3.loans.length, 0);
  const ids = [...page1.loans, ...page2.loans].map((l: { id: number }) => l.id);
  // Oldest disbursement first, the lower id first on the same instant.
  assert.deepEqual(
    ids,
    disbursed.map((loan) => loan.id),
  );
  // The summary is the whole month's, on every page.
  const principal = 12 * 1000 + (11 * 12) / 2;
  for (const page of [page1, page2, page3]) {
    assert.deepEqual(page.summary, {
      loan_count: 12,
      total_amount_sum: principal,
      target_amount: 24132,
      deficit: 24132 - principal,
      percentage: 50,
    });
  }
  // An officer's page: their own six loans, one page.
  const asB = await get('/api/loans/monthly-active-loans?month=3&year=2025', 'asB');
  assert.deepEqual(asB.meta, { page: 1, pageSize: 10, total: 6, totalPages: 1 });
  assert.equal(asB.summary.loan_count, 6);

  // 12 repayments approved in March: 10 and 2, oldest approval first, the sum over all 12.
  for (let i = 0; i < 12; i += 1) {
    await approved(disbursed[i]!, '100.00', `2025-03-${String(20 + (i % 6)).padStart(2, '0')}T08:00:00Z`);
  }
  const r1 = await get('/api/repayments/monthly-approved?month=3&year=2025');
  const r2 = await get('/api/repayments/monthly-approved?month=3&year=2025&page=2');
  assert.deepEqual(r2.meta, { page: 2, pageSize: 10, total: 12, totalPages: 2 });
  assert.equal(r1.repayments.length, 10);
  assert.equal(r2.repayments.length, 2);
  const approvedAt = [...r1.repayments, ...r2.repayments].map(
    (r: { id: number; approved_at: string }) => `${r.approved_at}#${String(r.id).padStart(6, '0')}`,
  );
  assert.deepEqual(approvedAt, [...approvedAt].sort());
  assert.equal(new Set(approvedAt).size, 12);
  assert.deepEqual(r2.summary, r1.summary);
  assert.equal(r1.summary.repayment_count, 12);
  assert.equal(r1.summary.total_amount_sum, 1200);
  // Validation: a page is a whole number from 1.
  for (const page of ['0', '-1', '1.5', 'two']) {
    const bad = await app.inject({
      url: `/api/repayments/monthly-approved?page=${page}`,
      headers: (await signIn()).admin,
    });
    assert.equal(bad.statusCode, 400, page);
  }
});
