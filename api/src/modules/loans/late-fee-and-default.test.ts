import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../../config';
import { loans } from '../../db/schema';
import { ADMIN, authHeader, build, rebuild, type TestApp } from '../../../test/helper';
import { disburseLoan, freshMpesaCode, payAndApprove } from '../../../test/fixtures';
import {
  applicationBody,
  applyAndApprove,
  insertCustomer,
  insertProduct,
  staff,
  type Staff,
} from '../../../test/support/applications';

/**
 * The late fee (LATE_FEE_PERCENT, kept with each loan at approval) and the default threshold
 * (DEFAULT_THRESHOLD_DAYS, company policy) of docs/product.md#loans-and-the-schedule, over HTTP on the test clock
 * (Mon 3 March 2025). The loan: Ksh 10,000 at 10 % for 28 days = 11,000 in 4 installments of
 * 2,750, due 10, 17, 24 and 31 March.
 */

/** What the server makes of these environment variables (through config.ts's parsing). */
const settingsFrom = (env: NodeJS.ProcessEnv): Partial<Config> => {
  const { lateFeePercent, defaultThresholdDays } = loadConfig(env);
  return { lateFeePercent, defaultThresholdDays };
};

const at = (date: string) => `${date}T10:00:00+03:00`;

async function setup(ctx: TestApp) {
  const people = await staff(ctx);
  const product = await insertProduct(ctx.db, {
    minAmount: '1000.00',
    maxAmount: '50000.00',
    interestRate: '10.00',
    durationDays: 28,
  });
  return { people, product };
}

/** Applies (officer A) and approves (admin) a loan on `app`; returns the loan's id. */
async function approvedLoan(app: TestApp['app'], db: TestApp['db'], people: Staff, productId: number) {
  const customer = await insertCustomer(db, people.officerAId);
  return applyAndApprove(app, people, applicationBody(customer.id, productId));
}

/** Requests as the admin and officer A, signing in again each time (the clock moves past a session's life). */
function client({ app }: TestApp) {
  const admin = () => authHeader(app, ADMIN.email, ADMIN.password);
  const officerA = () => authHeader(app, 'a@lender.local', 'OfficerA123!');
  const disburse = (loanId: number) => disburseLoan(app, loanId, admin);
  const record = async (loanId: number, amount: number) =>
    app.inject({
      method: 'POST',
      url: '/api/loans/loan-payment',
      headers: await officerA(),
      payload: { loanId, amount, mpesaCode: freshMpesaCode('RP'), method: 'mpesa' },
    });
  /** Records and approves a repayment. */
  const pay = (loanId: number, amount: number) =>
    payAndApprove(app, loanId, amount, { officer: officerA, admin });
  const detail = async (loanId: number) => {
    const response = await app.inject({ url: `/api/loans/${loanId}`, headers: await admin() });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const get = async (url: string) => app.inject({ url, headers: await admin() });
  return { disburse, record, pay, detail, get };
}

async function storedLoan(db: TestApp['db'], loanId: number) {
  const [row] = await db.select().from(loans).where(eq(loans.id, loanId));
  assert.ok(row);
  return row;
}

async function lateFeeApp(t: TestContext, env: NodeJS.ProcessEnv) {
  const ctx = await build(t, settingsFrom(env));
  const { people, product } = await setup(ctx);
  return { ctx, people, product, ...client(ctx) };
}

test('LATE_FEE_PERCENT=10: 10 % of the installment once it is overdue, covered first by repayments; paid only when total + penalty is paid', async (t) => {
  const { ctx, people, product, disburse, record, pay, detail, get } = await lateFeeApp(t, {
    LATE_FEE_PERCENT: '10',
  });
  const { app, db, clock } = ctx;
  const loanId = await approvedLoan(app, db, people, product.id);
  assert.equal((await storedLoan(db, loanId)).lateFeePercent, '10.00', 'the fee is agreed at approval');
  await disburse(loanId);

  // On the due day the installment is in arrears but not yet overdue: no fee.
  clock.set(at('2025-03-10'));
  let loan = await detail(loanId);
  assert.equal(loan.penalty, 0);
  assert.equal(loan.remaining_balance, 11000);
  assert.equal(loan.arrears, 2750);

  // The first day past due: 10 % of 2,750, once.
  clock.set(at('2025-03-11'));
  loan = await detail(loanId);
  assert.equal(loan.penalty, 275);
  assert.equal(loan.remaining_balance, 11275);
  assert.equal(loan.arrears, 2750);
  assert.equal(loan.status, 'overdue');
  assert.equal(loan.days_overdue, 1);
  // The schedule names the installment that was charged, and which are overdue and which due.
  assert.deepEqual(
    loan.schedule.map((i: { late_fee: number; state: string }) => [i.late_fee, i.state]),
    [
      [275, 'overdue'],
      [0, 'due'],
      [0, 'due'],
      [0, 'due'],
    ],
  );
  clock.set(at('2025-03-13'));
  assert.equal((await detail(loanId)).penalty, 275, 'charged once, not per day');

  // The ageing pass stores the penalty, so lists and reports read the same balance.
  await app.runAgeing();
  let stored = await storedLoan(db, loanId);
  assert.equal(stored.penalty, '275.00');
  assert.equal(stored.remainingBalance, '11275.00');
  const list = await get('/api/loans/loan-details');
  assert.equal(list.json().data[0].remaining_balance, 11275);

  // A repayment covers the penalty first: 1,000 = 275 penalty + 725 of the first installment.
  await pay(loanId, 1000);
  loan = await detail(loanId);
  assert.equal(loan.paid_amount, 1000);
  assert.equal(loan.penalty, 275);
  assert.equal(loan.remaining_balance, 10275);
  assert.equal(loan.arrears, 2025, 'arrears = 2,750 due − (1,000 paid − 275 penalty paid)');
  assert.equal(loan.schedule[0].paid, 725);
  assert.equal(loan.status, 'overdue');
  assert.equal(loan.due_date, '2025-03-10');

  // Paying the total amount is not enough: the penalty is part of the balance.
  await pay(loanId, 10000);
  loan = await detail(loanId);
  assert.equal(loan.paid_amount, 11000);
  assert.equal(loan.remaining_balance, 275);
  assert.equal(loan.arrears, 0);
  assert.equal(loan.status, 'partially_paid');
  assert.equal(loan.due_date, '2025-03-31');
  assert.equal(loan.schedule[3].paid, 2475);
  assert.deepEqual(
    loan.schedule.map((i: { state: string }) => i.state),
    ['paid', 'paid', 'paid', 'due'],
  );

  // Recording refuses more than the balance including the penalty, naming it.
  const over = await record(loanId, 275.01);
  assert.equal(over.statusCode, 400, over.body);
  assert.match(over.json().message, /Ksh 275\.00/);

  await pay(loanId, 275);
  loan = await detail(loanId);
  assert.equal(loan.status, 'paid');
  assert.equal(loan.remaining_balance, 0);
  assert.equal(loan.penalty, 275);
  assert.equal(loan.completed_date, '2025-03-13');
  assert.equal(loan.device_status, 'purchased');
  stored = await storedLoan(db, loanId);
  assert.equal(stored.status, 'paid');
  assert.equal(stored.paidAmount, '11275.00');
  assert.equal(stored.remainingBalance, '0.00');
});

test('a fee is charged only for an installment still not covered when it goes past due', async (t) => {
  const { ctx, people, product, disburse, pay, detail } = await lateFeeApp(t, { LATE_FEE_PERCENT: '2.5' });
  const { app, db, clock } = ctx;
  const loanId = await approvedLoan(app, db, people, product.id);
  await disburse(loanId);
  clock.set(at('2025-03-10'));
  await pay(loanId, 2750); // the first installment, on its due day
  clock.set(at('2025-03-18'));
  const loan = await detail(loanId);
  // Only the second installment (due 17 March) went past due unpaid: 2.5 % of 2,750 = 68.75.
  assert.equal(loan.penalty, 68.75);
  assert.equal(loan.remaining_balance, 11000 + 68.75 - 2750);
  assert.equal(loan.arrears, 2750);
});

test('a loan keeps the late fee agreed at its approval when LATE_FEE_PERCENT changes', async (t) => {
  const before = await build(t, settingsFrom({ LATE_FEE_PERCENT: '10' }));
  const { people, product } = await setup(before);
  const agreedAtTen = await approvedLoan(before.app, before.db, people, product.id);

  // The same database after a restart without a late fee.
  const after = await rebuild(t, before, settingsFrom({}));
  const agreedAtZero = await approvedLoan(after.app, after.db, people, product.id);
  assert.equal((await storedLoan(after.db, agreedAtTen)).lateFeePercent, '10.00');
  assert.equal((await storedLoan(after.db, agreedAtZero)).lateFeePercent, '0.00');

  const { disburse, detail } = client(after);
  await disburse(agreedAtTen);
  await disburse(agreedAtZero);
  after.clock.set(at('2025-03-11'));
  assert.equal((await detail(agreedAtTen)).penalty, 275);
  assert.equal((await detail(agreedAtTen)).remaining_balance, 11275);
  assert.equal((await detail(agreedAtZero)).penalty, 0);
  assert.equal((await detail(agreedAtZero)).remaining_balance, 11000);

  await after.app.runAgeing();
  assert.equal((await storedLoan(after.db, agreedAtTen)).penalty, '275.00');
  assert.equal((await storedLoan(after.db, agreedAtZero)).penalty, '0.00');
});

test('DEFAULT_THRESHOLD_DAYS=7: overdue 7 days past due, defaulted on day 8 with default_date = due date + 8, for every reader and writer', async (t) => {
  const { ctx, people, product, disburse, pay, detail, get } = await lateFeeApp(t, {
    DEFAULT_THRESHOLD_DAYS: '7',
  });
  const { app, db, clock } = ctx;
  const loanId = await approvedLoan(app, db, people, product.id);
  await disburse(loanId);

  clock.set(at('2025-03-17')); // 7 days past the 10 March installment
  let loan = await detail(loanId);
  assert.equal(loan.days_overdue, 7);
  assert.equal(loan.status, 'overdue');
  assert.equal(loan.default_date, null);
  await app.runAgeing();
  assert.equal((await storedLoan(db, loanId)).status, 'overdue');

  clock.set(at('2025-03-18'));
  loan = await detail(loanId);
  assert.equal(loan.days_overdue, 8);
  assert.equal(loan.status, 'defaulted');
  assert.equal(loan.default_date, '2025-03-18');

  // The ageing pass uses the same threshold: the loan is in the defaulted list.
  await app.runAgeing();
  const stored = await storedLoan(db, loanId);
  assert.equal(stored.status, 'defaulted');
  assert.equal(stored.defaultDate, '2025-03-18');
  const defaulted = await get('/api/loans/loan-details/defaulted');
  assert.deepEqual(
    defaulted.json().data.map((row: { id: number }) => row.id),
    [loanId],
  );

  // So does the recomputation at a repayment's approval (with 30 days it would be back to overdue).
  await pay(loanId, 100);
  assert.equal((await storedLoan(db, loanId)).status, 'defaulted');
  assert.equal((await detail(loanId)).status, 'defaulted');
});
