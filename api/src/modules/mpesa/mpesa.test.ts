import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { mpesaPayments, repayments } from '../../db/schema';
import {
  c2bBody,
  disburseLoan,
  fixtureCustomer,
  fixturePendingLoan,
  recordRepayment,
} from '../../../test/fixtures';
import { ADMIN, authHeader, build, MPESA_TEST_SECRET, type TestApp } from '../../../test/helper';
import { staff, type Staff } from '../../../test/support/applications';
import { csvRows } from '../../../test/support/exports';

/**
 * M-Pesa paybill payments through the HTTP layer (issue 13): Daraja's C2B callbacks, the
 * suspense queue, and what each does to the loan. The loan: 10,000 at 10 % over 28 days, 11,000
 * in four weekly installments of 2,750, disbursed on Monday 3 March 2025 (first due 10 March).
 */

const callback = (
  app: TestApp['app'],
  kind: 'validation' | 'confirmation',
  body: object,
  secret = MPESA_TEST_SECRET,
) => app.inject({ method: 'POST', url: `/api/mpesa/c2b/${secret}/${kind}`, payload: body });

async function disbursedLoan(ctx: TestApp, people: Staff) {
  const customer = await fixtureCustomer(ctx.db, people.officerAId);
  const loan = await fixturePendingLoan(ctx.db, customer.id, people.officerAId);
  await disburseLoan(ctx.app, loan.id, people.admin);
  return { id: loan.id, account: encodeAccountNumber(loan.id), customer };
}

/** The admin assigns a suspense payment to a loan or refunds it (POST /api/mpesa/suspense/:id/…). */
const decide = (
  ctx: TestApp,
  people: Staff,
  paymentId: number | undefined,
  action: 'assign' | 'refund',
  payload: object,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/mpesa/suspense/${paymentId}/${action}`,
    headers: people.admin,
    payload,
  });

async function loanOf(ctx: TestApp, people: Staff, id: number) {
  const response = await ctx.app.inject({ url: `/api/loans/${id}`, headers: people.admin });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{
    paid_amount: number;
    remaining_balance: number;
    arrears: number;
    status: string;
    device_status: string;
  }>();
}

/** Fresh tokens after the test clock moved past their lifetime. */
async function signedInAgain(ctx: TestApp, people: Staff): Promise<Staff> {
  return {
    ...people,
    admin: await authHeader(ctx.app, ADMIN.email, ADMIN.password),
    officerA: await authHeader(ctx.app, 'a@lender.local', 'OfficerA123!'),
  };
}

const historyOf = async (ctx: TestApp, people: Staff, id: number) =>
  (await ctx.app.inject({ url: `/api/loans/${id}/history`, headers: people.admin })).json<
    {
      action: string;
      actor_name: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[]
  >();

const suspense = async (ctx: TestApp, people: Staff, query = '') =>
  (await ctx.app.inject({ url: `/api/mpesa/suspense${query}`, headers: people.admin })).json<{
    data: {
      id: number;
      trans_id: string;
      amount: number;
      unapplied: number;
      reason: string;
      loan_id: number | null;
      status: string;
      resolved_by_name: string | null;
      applied_how?: 'matched' | 'assigned' | null;
      payer_name: string;
      account_typed: string;
    }[];
    meta: { total: number };
  }>();

test('a confirmation for an open loan is a paid repayment at once, approved by M-Pesa, applied to the loan and audited', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);

  // The customer typed the account number in lower case with a space: it still matches.
  const typed = `${loan.account.slice(0, 3)} ${loan.account.slice(3).toLowerCase()}`;
  const paid = await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: typed, amount: '2750.00', transId: 'RKT1000001' }),
  );
  assert.equal(paid.statusCode, 200, paid.body);
  assert.deepEqual(paid.json(), { ResultCode: '0', ResultDesc: 'Accepted' });

  const after = await loanOf(ctx, people, loan.id);
  assert.equal(after.paid_amount, 2750);
  assert.equal(after.remaining_balance, 8250);

  const rows = (
    await ctx.app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: people.officerA })
  ).json();
  assert.deepEqual(
    rows.map((r: Record<string, unknown>) => [
      r.transaction_code,
      r.amount_paid,
      r.status,
      r.source,
      r.payment_date,
    ]),
    [['RKT1000001', 2750, 'paid', 'mpesa', '2025-03-03']],
  );
  const approved = (await ctx.app.inject({ url: '/api/repayments/approved', headers: people.admin })).json();
  assert.equal(approved.data[0].mpesa_code, 'RKT1000001');
  assert.equal(approved.data[0].created_by_name, 'M-Pesa');
  assert.equal(approved.data[0].created_by, null);
  assert.equal(approved.data[0].source, 'mpesa');

  const history = await historyOf(ctx, people, loan.id);
  const entry = history.find((h) => h.action === 'mpesa.payment_applied');
  assert.ok(entry, JSON.stringify(history));
  assert.equal(entry.actor_name, 'M-Pesa');

  // The suspense page's Applied tab says it was matched automatically, by no admin.
  const appliedTab = await suspense(ctx, people, '?status=applied');
  assert.deepEqual(
    appliedTab.data.map((p) => [p.trans_id, p.applied_how, p.resolved_by_name]),
    [['RKT1000001', 'matched', null]],
  );
  // Its CSV says so in words, with no reason for a payment that never waited.
  const csv = csvRows(
    (await ctx.app.inject({ url: '/api/exports/suspense.csv?status=applied', headers: people.admin })).body,
  );
  const header = csv[0]?.split(',') ?? [];
  const row = csv[1]?.split(',') ?? [];
  assert.equal(row[header.indexOf('Reason')], '');
  assert.equal(row[header.indexOf('Status')], 'Applied');
  assert.equal(row[header.indexOf('How Applied')], 'Matched automatically');
  assert.equal(entry.after?.trans_id, 'RKT1000001');
  assert.equal((await suspense(ctx, people)).meta.total, 0);
});

test('M-Pesa resends: the same TransID, sequentially or concurrently, is applied once and always answered with success', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const body = c2bBody({ account: loan.account, amount: 1000, transId: 'RKT2000001' });

  const answers = [
    await callback(ctx.app, 'confirmation', body),
    await callback(ctx.app, 'confirmation', body),
  ];
  answers.push(
    ...(await Promise.all(Array.from({ length: 6 }, () => callback(ctx.app, 'confirmation', body)))),
  );
  for (const answer of answers)
    assert.deepEqual([answer.statusCode, answer.json().ResultCode], [200, '0'], answer.body);

  // A second payment sent concurrently with itself five times.
  const other = c2bBody({ account: loan.account, amount: 500, transId: 'RKT2000002' });
  const concurrent = await Promise.all(
    Array.from({ length: 5 }, () => callback(ctx.app, 'confirmation', other)),
  );
  for (const answer of concurrent) assert.equal(answer.statusCode, 200, answer.body);

  assert.equal((await loanOf(ctx, people, loan.id)).paid_amount, 1500);
  assert.equal((await ctx.db.select().from(mpesaPayments)).length, 2);
  assert.equal((await ctx.db.select().from(repayments).where(eq(repayments.loanId, loan.id))).length, 2);
});

test('a wrong secret, no secret configured, or an address off the allow-list all meet a 404 and nothing is recorded', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const body = c2bBody({ account: loan.account, amount: 1000 });
  // What a prober compares: status, headers that differ by route, and the body with the path it
  // names taken out. A wrong secret must look like a path that does not exist.
  const looks = (answer: Awaited<ReturnType<typeof callback>>, path: string) => [
    answer.statusCode,
    answer.headers['content-type'],
    answer.body.replace(path, '<path>'),
  ];
  const unknownPath = '/api/mpesa/c2b/no-such-callback';
  const unknown = await ctx.app.inject({ method: 'POST', url: unknownPath, payload: body });
  assert.equal(unknown.statusCode, 404, unknown.body);
  for (const kind of ['validation', 'confirmation'] as const) {
    const secret = 'not-the-secret-not-the-secret-0000';
    const wrong = await callback(ctx.app, kind, body, secret);
    assert.deepEqual(
      looks(wrong, `/api/mpesa/c2b/${secret}/${kind}`),
      looks(unknown, unknownPath),
      wrong.body,
    );
  }
  assert.equal((await ctx.db.select().from(mpesaPayments)).length, 0);

  const unset = await build(t, {
    mpesa: { callbackSecret: undefined, allowedIps: undefined, acceptAll: false },
  });
  const disabled = await callback(unset.app, 'confirmation', body);
  assert.deepEqual(
    looks(disabled, `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`),
    looks(unknown, unknownPath),
    disabled.body,
  );

  const listed = await build(t, {
    mpesa: {
      callbackSecret: MPESA_TEST_SECRET,
      allowedIps: ['196.201.214.0/24', '196.201.213.114'],
      acceptAll: false,
    },
  });
  const from = (remoteAddress: string) =>
    listed.app.inject({
      method: 'POST',
      url: `/api/mpesa/c2b/${MPESA_TEST_SECRET}/validation`,
      payload: body,
      remoteAddress,
    });
  assert.equal((await from('196.201.214.200')).statusCode, 200);
  assert.equal((await from('196.201.213.114')).statusCode, 200);
  const offList = await from('10.0.0.7');
  assert.deepEqual(
    looks(offList, `/api/mpesa/c2b/${MPESA_TEST_SECRET}/validation`),
    looks(unknown, unknownPath),
    offList.body,
  );
});

test('the OpenAPI document describes the two paybill callbacks as public (no bearer token)', async (t) => {
  const ctx = await build(t);
  const document = (await ctx.app.inject({ url: '/api/docs/openapi.json' })).json<{
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  }>();
  const callbacks = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/mpesa/c2b/'));
  assert.equal(callbacks.length, 2, Object.keys(document.paths).join(', '));
  for (const [path, operations] of callbacks) assert.deepEqual(operations.post?.security, [], path);
});

test('validation refuses an account number that names no open loan with C2B00012, unless MPESA_ACCEPT_ALL', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const customer = await fixtureCustomer(ctx.db, people.officerAId);
  const notDisbursed = await fixturePendingLoan(ctx.db, customer.id, people.officerAId);
  const validate = async (account: string, app = ctx.app) =>
    (await callback(app, 'validation', c2bBody({ account, amount: 100 }))).json().ResultCode;

  assert.equal(await validate(loan.account), '0');
  assert.equal(await validate(loan.account.toLowerCase()), '0');
  assert.equal(await validate(encodeAccountNumber(notDisbursed.id)), 'C2B00012');
  assert.equal(await validate(encodeAccountNumber(99_999)), 'C2B00012');
  assert.equal(await validate('ABC'), 'C2B00012');
  assert.equal(await validate(''), 'C2B00012');
  // The account number with a wrong check character names nothing.
  const wrongCheck = loan.account.slice(0, 6) + (loan.account.endsWith('2') ? '3' : '2');
  assert.equal(await validate(wrongCheck), 'C2B00012');

  const open = await build(t, {
    mpesa: { callbackSecret: MPESA_TEST_SECRET, allowedIps: undefined, acceptAll: true },
  });
  assert.equal(await validate('ABC', open.app), '0');
  // Validation records nothing.
  assert.equal((await ctx.db.select().from(mpesaPayments)).length, 0);
});

test('a bad callback body is a 400 naming the field, and nothing is recorded', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const cases: [object, RegExp][] = [
    [{ ...c2bBody({ account: loan.account, amount: 100 }), TransID: 'SHORT' }, /TransID/],
    [{ ...c2bBody({ account: loan.account, amount: '-5' }) }, /TransAmount/],
    [{ ...c2bBody({ account: loan.account, amount: '10.505' }) }, /TransAmount/],
    [{ ...c2bBody({ account: loan.account, amount: 100 }), TransTime: '20250230100000' }, /TransTime/],
    [{ ...c2bBody({ account: loan.account, amount: 100 }), TransTime: 'yesterday' }, /TransTime/],
  ];
  for (const [body, field] of cases) {
    const answer = await callback(ctx.app, 'confirmation', body);
    assert.equal(answer.statusCode, 400, answer.body);
    assert.match(answer.json().message, field);
  }
  assert.equal((await ctx.db.select().from(mpesaPayments)).length, 0);
});

test('an unknown account goes to suspense; an admin assigns it to a loan, where it lands like a matched payment, audited', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const answer = await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: 'WRONG12', amount: 2000, transId: 'RKT3000001' }),
  );
  assert.equal(answer.json().ResultCode, '0', 'a confirmation is always acknowledged');

  const waiting = await suspense(ctx, people);
  assert.equal(waiting.meta.total, 1);
  const [payment] = waiting.data;
  assert.ok(payment);
  assert.deepEqual(
    [
      payment.trans_id,
      payment.amount,
      payment.unapplied,
      payment.reason,
      payment.account_typed,
      payment.payer_name,
    ],
    ['RKT3000001', 2000, 2000, 'unknown_account', 'WRONG12', 'John Kamau'],
  );
  const summary = (
    await ctx.app.inject({ url: '/api/mpesa/suspense/summary', headers: people.admin })
  ).json();
  assert.deepEqual(summary, { waiting: 1, amount: 2000 });
  for (const search of ['rkt3000', 'wrong', 'kamau', '2000', '2,000']) {
    assert.equal((await suspense(ctx, people, `?search=${search}`)).meta.total, 1, search);
  }
  assert.equal((await suspense(ctx, people, '?search=nobody')).meta.total, 0);
  assert.equal((await loanOf(ctx, people, loan.id)).paid_amount, 0);

  // Officers may not see or decide the queue.
  const officer = await ctx.app.inject({ url: '/api/mpesa/suspense', headers: people.officerA });
  assert.equal(officer.statusCode, 403);

  // The admin finds the loan by the customer's phone (any form), national ID, name or account number.
  const phone = loan.customer.phone.replace('+254', '0');
  for (const search of [
    phone,
    loan.customer.phone.slice(1),
    loan.customer.nationalId,
    loan.customer.lastName,
    loan.account,
  ]) {
    const found = await ctx.app.inject({
      url: `/api/mpesa/suspense/loans?search=${encodeURIComponent(search)}`,
      headers: people.admin,
    });
    assert.equal(found.statusCode, 200, found.body);
    assert.deepEqual(
      found.json().data.map((o: Record<string, unknown>) => [o.loan_id, o.account_number, o.balance]),
      [[loan.id, loan.account, 11000]],
      search,
    );
  }

  const assigned = await decide(ctx, people, payment.id, 'assign', { loanId: loan.id });
  assert.equal(assigned.statusCode, 200, assigned.body);
  assert.deepEqual(assigned.json(), {
    message: `Ksh 2,000.00 applied to loan ${loan.id}`,
    repayment_id: assigned.json().repayment_id,
    applied: 2000,
    remaining: 0,
  });
  assert.equal((await loanOf(ctx, people, loan.id)).paid_amount, 2000);
  assert.equal((await suspense(ctx, people)).meta.total, 0);
  const applied = await suspense(ctx, people, '?status=applied');
  assert.equal(applied.data[0]?.resolved_by_name?.trim().length !== 0, true);
  assert.equal(applied.data[0]?.applied_how, 'assigned', 'assigned by an admin, not matched');
  assert.equal(applied.data[0]?.loan_id, loan.id);
  const history = await historyOf(ctx, people, loan.id);
  const entry = history.find((h) => h.action === 'mpesa.suspense_assigned');
  assert.ok(entry && entry.actor_name, JSON.stringify(history));

  // Decided once: a second assignment or a refund is a 409.
  const again = await decide(ctx, people, payment.id, 'assign', { loanId: loan.id });
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().message, 'This payment is no longer in suspense');
});

test('more than the balance: the loan is paid off and the excess waits in suspense, not lost; it can go to another loan or be refunded', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const second = await disbursedLoan(ctx, people);
  await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: loan.account, amount: '12000.50', transId: 'RKT4000001' }),
  );

  const paidOff = await loanOf(ctx, people, loan.id);
  assert.deepEqual(
    [paidOff.paid_amount, paidOff.remaining_balance, paidOff.status, paidOff.device_status],
    [11000, 0, 'paid', 'purchased'],
  );
  const [excess] = (await suspense(ctx, people)).data;
  assert.ok(excess);
  assert.deepEqual(
    [excess.amount, excess.unapplied, excess.reason, excess.loan_id],
    [12000.5, 1000.5, 'over_balance', loan.id],
  );

  // The paid-off loan is closed: a new payment to it waits in suspense whole.
  await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: loan.account, amount: 300, transId: 'RKT4000002' }),
  );
  const closed = (await suspense(ctx, people)).data.find((p) => p.trans_id === 'RKT4000002');
  assert.deepEqual([closed?.reason, closed?.unapplied], ['loan_closed', 300]);
  // And it cannot be assigned back to the closed loan.
  const refused = await decide(ctx, people, closed?.id, 'assign', { loanId: loan.id });
  assert.equal(refused.statusCode, 409, refused.body);

  const assigned = await decide(ctx, people, excess.id, 'assign', { loanId: second.id });
  assert.equal(assigned.statusCode, 200, assigned.body);
  assert.equal(assigned.json().applied, 1000.5);
  assert.equal((await loanOf(ctx, people, second.id)).paid_amount, 1000.5);

  const noNote = await decide(ctx, people, closed?.id, 'refund', { note: '  ' });
  assert.equal(noNote.statusCode, 400);
  assert.match(noNote.json().message, /Note/);
  const refunded = await decide(ctx, people, closed?.id, 'refund', {
    note: 'Sent back to the payer, M-Pesa reversal RKX0000001',
  });
  assert.equal(refunded.statusCode, 200, refunded.body);
  assert.deepEqual(refunded.json(), { message: 'Payment marked as refunded' });
  assert.equal((await suspense(ctx, people)).meta.total, 0);
  const list = await suspense(ctx, people, '?status=refunded');
  assert.equal(list.data[0]?.trans_id, 'RKT4000002');
  assert.deepEqual(
    (await ctx.app.inject({ url: '/api/mpesa/suspense/summary', headers: people.admin })).json(),
    { waiting: 0, amount: 0 },
  );
});

test('a code staff already typed in as pending: M-Pesa approves that repayment with its own amount and the difference is flagged on the loan', async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const loan = await disbursedLoan(ctx, people);
  const recorded = await recordRepayment(ctx.app, loan.id, 2750, people.officerA, 'RKT5000001');

  const answer = await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: loan.account, amount: 2700, transId: 'RKT5000001' }),
  );
  assert.equal(answer.json().ResultCode, '0');
  const rows = (
    await ctx.app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: people.admin })
  ).json();
  assert.deepEqual(
    rows.map((r: Record<string, unknown>) => [r.id, r.amount_paid, r.status, r.source]),
    [[recorded, 2700, 'paid', 'staff']],
  );
  assert.equal((await loanOf(ctx, people, loan.id)).paid_amount, 2700);
  const flagged = (await historyOf(ctx, people, loan.id)).find((h) => h.action === 'mpesa.amount_differs');
  assert.ok(flagged);
  assert.deepEqual(
    [flagged.before?.amount, flagged.after?.amount, flagged.actor_name],
    ['2750.00', '2700.00', 'M-Pesa'],
  );
  // Nothing left pending for an admin, nothing in suspense.
  const pending = (await ctx.app.inject({ url: '/api/repayments/pending', headers: people.admin })).json();
  assert.equal(pending.meta.total, 0);
  assert.equal((await suspense(ctx, people)).meta.total, 0);
  // Approving it by hand now is refused: it is already approved.
  const late = await ctx.app.inject({
    method: 'PUT',
    url: `/api/repayments/${recorded}`,
    headers: people.admin,
    payload: { status: 'paid' },
  });
  assert.equal(late.statusCode, 409);
});

test("a code staff typed on a repayment since rejected: M-Pesa's payment is placed like a fresh one, by its account number, else in suspense", async (t) => {
  const ctx = await build(t);
  const people = await staff(ctx);
  const typedOn = await disbursedLoan(ctx, people);
  const paidTo = await disbursedLoan(ctx, people);
  const reject = async (id: number) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/repayments/reject/${id}`,
      headers: people.admin,
      payload: { reason: 'Typed on the wrong loan' },
    });
    assert.equal(response.statusCode, 200, response.body);
  };
  const recordAgain = (loanId: number, mpesaCode: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/loans/loan-payment',
      headers: people.officerA,
      payload: { loanId, amount: 100, mpesaCode, method: 'mpesa' },
    });

  // Onto the open loan its account number names, as a paybill repayment.
  await reject(await recordRepayment(ctx.app, typedOn.id, 2750, people.officerA, 'RKT5000002'));
  const applied = await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: paidTo.account, amount: 2000, transId: 'RKT5000002' }),
  );
  assert.equal(applied.json().ResultCode, '0');
  assert.equal((await loanOf(ctx, people, paidTo.id)).paid_amount, 2000);
  assert.equal((await loanOf(ctx, people, typedOn.id)).paid_amount, 0);
  const onPaidTo = (
    await ctx.app.inject({ url: `/api/loans/repayments/${paidTo.id}`, headers: people.admin })
  ).json();
  assert.deepEqual(
    onPaidTo.map((r: Record<string, unknown>) => [r.amount_paid, r.status, r.source]),
    [[2000, 'paid', 'mpesa']],
  );
  const [payment] = await ctx.db.select().from(mpesaPayments).where(eq(mpesaPayments.transId, 'RKT5000002'));
  assert.deepEqual([payment?.status, payment?.unapplied, payment?.loanId], ['applied', '0.00', paidTo.id]);
  assert.equal((await recordAgain(typedOn.id, 'RKT5000002')).statusCode, 409, 'M-Pesa holds the code now');

  // An account number naming no loan: suspense for that reason, not "used elsewhere".
  await reject(await recordRepayment(ctx.app, typedOn.id, 500, people.officerA, 'RKT5000003'));
  await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: 'NOSUCH1', amount: 500, transId: 'RKT5000003' }),
  );
  const waiting = (await suspense(ctx, people)).data.find((p) => p.trans_id === 'RKT5000003');
  assert.deepEqual([waiting?.reason, waiting?.unapplied, waiting?.loan_id], ['unknown_account', 500, null]);
  assert.equal((await loanOf(ctx, people, typedOn.id)).paid_amount, 0);
  // Waiting in suspense, the payment still holds its code: staff typing it again would count it twice.
  assert.equal((await recordAgain(typedOn.id, 'RKT5000003')).statusCode, 409);
});

test('a payment that clears the arrears moves a waiting phone and a locked phone back to active', async (t) => {
  const ctx = await build(t);
  const before = await staff(ctx);
  const waiting = await disbursedLoan(ctx, before);
  const locked = await disbursedLoan(ctx, before);
  ctx.clock.set('2025-03-12T07:00:00Z');
  await ctx.app.runAgeing();
  const people = await signedInAgain(ctx, before);
  const lock = await ctx.app.inject({
    method: 'PUT',
    url: `/api/loans/lock/${locked.id}`,
    headers: people.admin,
  });
  assert.equal(lock.statusCode, 200, lock.body);
  assert.equal((await loanOf(ctx, people, waiting.id)).device_status, 'waiting');
  assert.equal((await loanOf(ctx, people, locked.id)).device_status, 'locked');

  for (const loan of [waiting, locked]) {
    const owed = await loanOf(ctx, people, loan.id);
    assert.ok(owed.arrears > 0);
    await callback(
      ctx.app,
      'confirmation',
      c2bBody({ account: loan.account, amount: owed.arrears, transTime: '20250312100000' }),
    );
    const after = await loanOf(ctx, people, loan.id);
    assert.deepEqual([after.arrears, after.device_status], [0, 'active'], `loan ${loan.id}`);
  }
});

test('the business date of a payment is the Nairobi date M-Pesa wrote: just after midnight is the new day', async (t) => {
  const ctx = await build(t);
  const first = await staff(ctx);
  const loan = await disbursedLoan(ctx, first);
  // 00:30 on 12 March in Nairobi is 21:30 UTC on 11 March.
  ctx.clock.set('2025-03-11T21:30:00Z');
  const people = await signedInAgain(ctx, first);
  await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: loan.account, amount: 100, transId: 'RKT6000001', transTime: '20250311235959' }),
  );
  await callback(
    ctx.app,
    'confirmation',
    c2bBody({ account: loan.account, amount: 200, transId: 'RKT6000002', transTime: '20250312000005' }),
  );
  const rows = (
    await ctx.app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: people.admin })
  ).json();
  assert.deepEqual(rows.map((r: Record<string, unknown>) => [r.transaction_code, r.payment_date]).sort(), [
    ['RKT6000001', '2025-03-11'],
    ['RKT6000002', '2025-03-12'],
  ]);
  const [stored] = await ctx.db.select().from(mpesaPayments).where(eq(mpesaPayments.transId, 'RKT6000002'));
  assert.equal(stored?.transTime.toISOString(), '2025-03-11T21:00:05.000Z');
});
