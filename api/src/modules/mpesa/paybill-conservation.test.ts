/**
 * Issue 32: every shilling M-Pesa confirms ends on a loan or in the suspense queue, whatever staff
 * typed before or after. For each order of events the test sums the paybill money in against what
 * loans were credited from it plus what waits in suspense. The loan: 10,000 at 10 % over 28 days
 * (owes 11,000), disbursed as the test starts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { apiRoutes } from '@lender/shared/contract/routes';
import { auditLog, loanApplications, mpesaPayments, repayments } from '../../db/schema';
import {
  c2bBody,
  disburseLoan,
  fixtureApplication,
  fixtureCustomer,
  fixturePendingLoan,
  recordRepayment,
} from '../../../test/fixtures';
import { build, MPESA_TEST_SECRET, type TestApp } from '../../../test/helper';
import { staff, type Staff } from '../../../test/support/applications';

const confirm = async (ctx: TestApp, transId: string, account: string, amount: number) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`,
    payload: c2bBody({ account, amount, transId }),
  });
  assert.deepEqual([response.statusCode, response.json().ResultCode], [200, '0'], response.body);
};

async function openLoan(ctx: TestApp, people: Staff) {
  const customer = await fixtureCustomer(ctx.db, people.officerAId);
  const loan = await fixturePendingLoan(ctx.db, customer.id, people.officerAId);
  await disburseLoan(ctx.app, loan.id, people.admin);
  return { id: loan.id, account: encodeAccountNumber(loan.id) };
}

const approve = async (ctx: TestApp, people: Staff, repaymentId: number) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/repayments/${repaymentId}`,
    headers: people.admin,
    payload: { status: 'paid' },
  });
  assert.equal(response.statusCode, 200, response.body);
};

/**
 * Where the payment of `transId` went: in (M-Pesa's amount), credited to loans from it (the
 * approved repayments carrying its code, at most what came in) and waiting in suspense.
 */
async function accountFor(ctx: TestApp, transId: string) {
  const [payment] = await ctx.db.select().from(mpesaPayments).where(eq(mpesaPayments.transId, transId));
  assert.ok(payment, `payment ${transId} recorded`);
  const paid = await ctx.db
    .select({ amount: repayments.amount })
    .from(repayments)
    .where(and(eq(repayments.mpesaCode, transId), eq(repayments.status, 'paid')));
  const credited = paid.reduce((sum, row) => sum + Number(row.amount), 0);
  const received = Number(payment.amount);
  const waiting = payment.status === 'suspense' ? Number(payment.unapplied) : 0;
  return {
    received,
    credited,
    waiting,
    status: payment.status,
    reason: payment.reason,
    accountedFor: Math.min(received, credited) + waiting,
  };
}

test('typed before, approved by an admin, then M-Pesa reports more: the difference waits in suspense and is in the loan history', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await openLoan(ctx, people);
  const id = await recordRepayment(ctx.app, loan.id, 100, people.officerA, 'HKFMUJ22I8');
  await approve(ctx, people, id);
  await confirm(ctx, 'HKFMUJ22I8', loan.account, 5000);

  const account = await accountFor(ctx, 'HKFMUJ22I8');
  assert.deepEqual(account, {
    received: 5000,
    credited: 100,
    waiting: 4900,
    status: 'suspense',
    reason: 'over_recorded',
    accountedFor: 5000,
  });
  const history = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'mpesa.amount_differs'), eq(auditLog.loanId, loan.id)));
  assert.equal(history.length, 1, 'the difference is written to the loan history');

  // The admin gives what waits to the same loan: a paybill repayment beside the staff one.
  const [waiting] = await ctx.db.select().from(mpesaPayments).where(eq(mpesaPayments.transId, 'HKFMUJ22I8'));
  const assigned = await ctx.app.inject({
    method: 'POST',
    url: `/api${apiRoutes.mpesa.assign(waiting?.id ?? 0)}`,
    headers: people.admin,
    payload: { loanId: loan.id },
  });
  assert.equal(assigned.statusCode, 200, assigned.body);
  assert.deepEqual(await accountFor(ctx, 'HKFMUJ22I8'), {
    received: 5000,
    credited: 5000,
    waiting: 0,
    status: 'applied',
    reason: null, // resolved: nothing waits any more
    accountedFor: 5000,
  });
  const onLoan = await ctx.db
    .select({ amount: repayments.amount, source: repayments.source })
    .from(repayments)
    .where(eq(repayments.loanId, loan.id));
  assert.deepEqual(onLoan.map((row) => `${row.source} ${row.amount}`).sort(), [
    'mpesa 4900.00',
    'staff 100.00',
  ]);
  // Once is all: the same payment cannot be applied to the loan twice.
  const again = await ctx.app.inject({
    method: 'POST',
    url: `/api${apiRoutes.mpesa.assign(waiting?.id ?? 0)}`,
    headers: people.admin,
    payload: { loanId: loan.id },
  });
  assert.equal(again.statusCode, 409, again.body);
});

test('typed before and approved, then M-Pesa reports less: nothing waits, and the shortfall is in the loan history', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await openLoan(ctx, people);
  const id = await recordRepayment(ctx.app, loan.id, 3000, people.officerA, 'HKFMUJ22J1');
  await approve(ctx, people, id);
  await confirm(ctx, 'HKFMUJ22J1', loan.account, 1000);
  assert.deepEqual(await accountFor(ctx, 'HKFMUJ22J1'), {
    received: 1000,
    credited: 3000,
    waiting: 0,
    status: 'applied',
    reason: null,
    accountedFor: 1000,
  });
  const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'mpesa.amount_differs'));
  assert.equal((entry?.after as { credited_beyond_mpesa?: string }).credited_beyond_mpesa, '2000.00');
});

test('typed before and still pending: M-Pesa approves it with its own amount', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await openLoan(ctx, people);
  await recordRepayment(ctx.app, loan.id, 100, people.officerA, 'HKFMUJ22K2');
  await confirm(ctx, 'HKFMUJ22K2', loan.account, 5000);
  assert.deepEqual(await accountFor(ctx, 'HKFMUJ22K2'), {
    received: 5000,
    credited: 5000,
    waiting: 0,
    status: 'applied',
    reason: null,
    accountedFor: 5000,
  });
});

test('typed after M-Pesa applied it: the second record is refused and the money is on the loan once', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await openLoan(ctx, people);
  await confirm(ctx, 'HKFMUJ22L3', loan.account, 2500);
  const typed = await ctx.app.inject({
    method: 'POST',
    url: '/api/loans/loan-payment',
    headers: people.officerA,
    payload: { loanId: loan.id, amount: 2500, mpesaCode: 'HKFMUJ22L3', method: 'mpesa' },
  });
  assert.equal(typed.statusCode, 409, typed.body);
  assert.deepEqual(await accountFor(ctx, 'HKFMUJ22L3'), {
    received: 2500,
    credited: 2500,
    waiting: 0,
    status: 'applied',
    reason: null,
    accountedFor: 2500,
  });
});

test("a TransID equal to a disbursement's code, or to a rejected application's deposit: all of it waits in suspense", async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await openLoan(ctx, people);
  const disbursed = await ctx.app.inject({
    method: 'PUT',
    url: `/api/loans/disburse/${(await fixturePendingLoan(ctx.db, (await fixtureCustomer(ctx.db, people.officerAId)).id, people.officerAId)).id}`,
    headers: people.admin,
    payload: { mpesaCode: 'HKFMUJ22M4' },
  });
  assert.equal(disbursed.statusCode, 200, disbursed.body);
  await confirm(ctx, 'HKFMUJ22M4', loan.account, 800);
  assert.deepEqual(await accountFor(ctx, 'HKFMUJ22M4'), {
    received: 800,
    credited: 0,
    waiting: 800,
    status: 'suspense',
    reason: 'code_used_elsewhere',
    accountedFor: 800,
  });

  const customer = await fixtureCustomer(ctx.db, people.officerAId);
  const { application } = await fixtureApplication(ctx.db, customer.id, people.officerAId);
  const rejected = await ctx.app.inject({
    method: 'PUT',
    url: `/api${apiRoutes.applications.reject(application.id)}`,
    headers: people.admin,
    payload: { reason: 'Income could not be confirmed' },
  });
  assert.ok([200, 204].includes(rejected.statusCode), rejected.body);
  const [{ mpesaCode: deposit } = { mpesaCode: '' }] = await ctx.db
    .select({ mpesaCode: loanApplications.mpesaCode })
    .from(loanApplications)
    .where(eq(loanApplications.id, application.id));
  await confirm(ctx, deposit, loan.account, 700);
  assert.deepEqual(await accountFor(ctx, deposit), {
    received: 700,
    credited: 0,
    waiting: 700,
    status: 'suspense',
    reason: 'code_used_elsewhere',
    accountedFor: 700,
  });
});

test('typed by staff at the very moment M-Pesa confirms it: neither fails, and the money is on the loan once', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await openLoan(ctx, people);
  // The two take the loan and the code in the same order (the loan first): they wait for each
  // other instead of deadlocking; whichever comes second sees the first.
  for (let round = 0; round < 8; round += 1) {
    const code = `HKRACE${String(round).padStart(4, '0')}`;
    const [typed, confirmed] = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: '/api/loans/loan-payment',
        headers: people.officerA,
        payload: { loanId: loan.id, amount: 100, mpesaCode: code, method: 'mpesa' },
      }),
      ctx.app.inject({
        method: 'POST',
        url: `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`,
        payload: c2bBody({ account: loan.account, amount: 100, transId: code }),
      }),
    ]);
    assert.ok(
      [201, 409].includes(typed.statusCode),
      `round ${round}: staff got ${typed.statusCode} ${typed.body}`,
    );
    assert.deepEqual([confirmed.statusCode, confirmed.json().ResultCode], [200, '0'], confirmed.body);
    assert.deepEqual(await accountFor(ctx, code), {
      received: 100,
      credited: 100,
      waiting: 0,
      status: 'applied',
      reason: null,
      accountedFor: 100,
    });
  }
});
