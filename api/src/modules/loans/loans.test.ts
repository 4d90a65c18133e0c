import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import { auditLog, loanInstallments, loans, mpesaCodes, repayments } from '../../db/schema';
import { toCents } from '@lender/shared/domain/cents';
import { buildSignedIn, fixtureCustomer, fixturePendingLoan, freshMpesaCode } from '../../../test/fixtures';

async function setup(t: TestContext) {
  const ctx = await buildSignedIn(t);
  const { app, db, officerA, admin, asA } = ctx;
  const customer = await fixtureCustomer(db, officerA.id, { firstName: 'Wanjiku', lastName: 'Kamau' });
  const loan = await fixturePendingLoan(db, customer.id, officerA.id);
  const disburse = (id: number, code = freshMpesaCode('DB'), headers = admin) =>
    app.inject({ method: 'PUT', url: `/api/loans/disburse/${id}`, headers, payload: { mpesaCode: code } });
  const pay = (payload: Record<string, unknown>, headers = asA) =>
    app.inject({ method: 'POST', url: '/api/loans/loan-payment', headers, payload });
  return { ...ctx, customer, loan, disburse, pay };
}

test('disburse: schedule sums to the total, device active, status active, due in 7 days; audited', async (t) => {
  const { app, db, loan, disburse, admin } = await setup(t);
  const response = await disburse(loan.id, 'QAB1234567');
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: 'Loan disbursed successfully' });

  const [stored] = await db.select().from(loans).where(eq(loans.id, loan.id));
  assert.equal(stored?.status, 'active');
  assert.equal(stored?.deviceStatus, 'active');
  assert.equal(stored?.dueDate, '2025-03-10');
  assert.equal(stored?.expectedCompletionDate, '2025-03-31');
  assert.equal(stored?.disbursementMpesaCode, 'QAB1234567');
  const installments = await db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.id));
  assert.equal(installments.length, 4);
  const sum = installments.reduce((total, i) => total + toCents(i.amount), 0n);
  assert.equal(sum, toCents(loan.totalAmount));
  const [code] = await db.select().from(mpesaCodes).where(eq(mpesaCodes.code, 'QAB1234567'));
  assert.equal(code?.usedFor, 'disbursement');

  const history = await app.inject({ url: `/api/loans/${loan.id}/history`, headers: admin });
  assert.equal(history.statusCode, 200, history.body);
  assert.equal(history.json()[0].action, 'loan.disbursed');
  assert.ok(history.json()[0].actor_name);
});

test('disburse: twice 409, officer 403, reused M-Pesa code 409 naming it, unknown loan 404', async (t) => {
  const { db, customer, officerA, loan, disburse, asA } = await setup(t);
  const officer = await disburse(loan.id, freshMpesaCode('DB'), asA);
  assert.equal(officer.statusCode, 403);
  assert.ok(officer.json().error);

  assert.equal((await disburse(loan.id, 'QAB1234567')).statusCode, 200);
  const again = await disburse(loan.id);
  assert.equal(again.statusCode, 409);

  const other = await fixturePendingLoan(db, customer.id, officerA.id);
  const reused = await disburse(other.id, 'QAB1234567');
  assert.equal(reused.statusCode, 409);
  assert.match(reused.json().message, /QAB1234567/);
  const [stillPending] = await db.select().from(loans).where(eq(loans.id, other.id));
  assert.equal(stillPending?.status, 'pending_disbursement');

  assert.equal((await disburse(999_999)).statusCode, 404);
});

test('disburse: 8 concurrent requests, exactly one wins and one schedule is made', async (t) => {
  const { db, loan, disburse } = await setup(t);
  const responses = await Promise.all(Array.from({ length: 8 }, () => disburse(loan.id)));
  const codes = responses.map((r) => r.statusCode).sort();
  assert.deepEqual(codes, [200, 409, 409, 409, 409, 409, 409, 409]);
  const installments = await db.select().from(loanInstallments).where(eq(loanInstallments.loanId, loan.id));
  assert.equal(installments.length, 4);
  const disbursementCodes = await db.select().from(mpesaCodes).where(eq(mpesaCodes.usedFor, 'disbursement'));
  assert.equal(disbursementCodes.length, 1);
});

test('detail: customer, product, code, phone and schedule as of today; scope 404', async (t) => {
  const { app, loan, disburse, admin, asA, asB, customer } = await setup(t);
  const pending = await app.inject({ url: `/api/loans/${loan.id}`, headers: asA });
  assert.equal(pending.statusCode, 200, pending.body);
  assert.equal(pending.json().status, 'pending_disbursement');
  assert.deepEqual(pending.json().schedule, []);

  await disburse(loan.id, 'QAB1234567');
  const response = await app.inject({ url: `/api/loans/${loan.id}`, headers: admin });
  assert.equal(response.statusCode, 200, response.body);
  const detail = response.json();
  assert.equal(detail.customer_name, 'Wanjiku Kamau');
  assert.equal(detail.national_id, customer.nationalId);
  assert.equal(detail.phone, customer.phone);
  assert.equal(detail.loan_product, loan.productName);
  assert.equal(detail.mpesa_code, 'QAB1234567');
  assert.equal(detail.model, 'Tecno Spark 20');
  assert.equal(detail.imei_number, loan.imei);
  assert.equal(detail.principal, 10000);
  assert.equal(detail.total_amount, 11000);
  assert.equal(detail.remaining_balance, 11000);
  assert.equal(detail.status, 'active');
  assert.equal(detail.device_status, 'active');
  assert.equal(detail.due_date, '2025-03-10');
  assert.equal(detail.days_remaining, 7);
  assert.equal(detail.disbursement_date, '2025-03-03');
  assert.equal(detail.schedule.length, 4);
  assert.deepEqual(detail.schedule[0], {
    number: 1,
    due_date: '2025-03-10',
    amount: 2750,
    paid: 0,
    remaining: 2750,
    late_fee: 0,
    state: 'due',
  });

  assert.equal((await app.inject({ url: `/api/loans/${loan.id}`, headers: asB })).statusCode, 404);
  assert.equal((await app.inject({ url: `/api/loans/${loan.id}/history`, headers: asB })).statusCode, 404);
});

test('loan-payment: pending with today as paid date; over balance 400 naming it; reused code 409; other officer 404', async (t) => {
  const { app, db, loan, disburse, pay, clock, signIn } = await setup(t);
  const early = await pay({ loanId: loan.id, amount: 100, mpesaCode: freshMpesaCode('RP'), method: 'mpesa' });
  assert.equal(early.statusCode, 409, early.body);

  await disburse(loan.id);
  clock.set('2025-03-04T21:30:00Z'); // 00:30 on 5 March in Nairobi
  // Tokens run on the test clock too: sign in again after moving it.
  const { asA, asB } = await signIn();
  const response = await pay(
    { loanId: loan.id, amount: 2750, mpesaCode: 'QRP1234567', method: 'mpesa' },
    asA,
  );
  assert.equal(response.statusCode, 201, response.body);
  assert.equal(response.json().message, 'Repayment saved successfully!');
  const [stored] = await db.select().from(repayments).where(eq(repayments.id, response.json().id));
  assert.equal(stored?.status, 'pending');
  assert.equal(stored?.paidDate, '2025-03-05');
  assert.equal(stored?.dueDate, '2025-03-10');
  assert.equal(stored?.customerId, loan.customerId);

  const over = await pay(
    { loanId: loan.id, amount: 11000.01, mpesaCode: freshMpesaCode('RP'), method: 'mpesa' },
    asA,
  );
  assert.equal(over.statusCode, 400);
  assert.match(over.json().message, /11,000\.00/);
  assert.equal(over.json().errors[0].field, 'amount');

  const reused = await pay({ loanId: loan.id, amount: 10, mpesaCode: 'QRP1234567', method: 'mpesa' }, asA);
  assert.equal(reused.statusCode, 409);
  assert.match(reused.json().message, /QRP1234567/);

  const other = await pay(
    { loanId: loan.id, amount: 10, mpesaCode: freshMpesaCode('RP'), method: 'mpesa' },
    asB,
  );
  assert.equal(other.statusCode, 404);

  const list = await app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: asB });
  assert.equal(list.statusCode, 404);

  const history = await app.inject({ url: `/api/loans/${loan.id}/history` });
  assert.equal(history.statusCode, 401);
});

test('loan repayments list and history show the payment', async (t) => {
  const { app, loan, disburse, pay, asA } = await setup(t);
  await disburse(loan.id);
  await pay({ loanId: loan.id, amount: 500, mpesaCode: 'QRP7654321', method: 'mpesa' });
  const list = await app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: asA });
  assert.equal(list.statusCode, 200, list.body);
  assert.deepEqual(
    list.json().map((r: Record<string, unknown>) => ({ ...r, id: 0 })),
    [
      {
        id: 0,
        payment_date: '2025-03-03',
        amount_paid: 500,
        method: 'mpesa',
        transaction_code: 'QRP7654321',
        status: 'pending',
        source: 'staff',
        rejection_reason: null,
      },
    ],
  );
  const history = await app.inject({ url: `/api/loans/${loan.id}/history`, headers: asA });
  // Each line with the money it moved: the repayment's amount, the principal disbursed.
  assert.deepEqual(
    history.json().map((e: { action: string; amount: number | null }) => [e.action, e.amount]),
    [
      ['repayment.recorded', 500],
      ['loan.disbursed', Number(loan.principal)],
    ],
  );
  assert.equal(history.json()[0].actor_name, 'Amina Staff');
});

test('a pending repayment is listed as pending and counts in nothing until approved', async (t) => {
  const { app, loan, disburse, pay, asA, admin } = await setup(t);
  await disburse(loan.id);
  const recorded = await pay({
    loanId: loan.id,
    amount: 100,
    mpesaCode: freshMpesaCode('RP'),
    method: 'mpesa',
  });
  assert.equal(recorded.statusCode, 201, recorded.body);
  const detailNow = async () => (await app.inject({ url: `/api/loans/${loan.id}`, headers: asA })).json();

  let detail = await detailNow();
  assert.equal(detail.paid_amount, 0);
  assert.equal(detail.pending_amount, 100);
  assert.equal(detail.remaining_balance, Number(loan.totalAmount));
  assert.equal(detail.repayment_pending, true);
  assert.deepEqual([detail.schedule[0].paid, detail.schedule[0].state], [0, 'due']);
  const listed = (await app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: asA })).json();
  assert.deepEqual(
    listed.map((r: { amount_paid: number; status: string }) => [r.amount_paid, r.status]),
    [[100, 'pending']],
  );

  const approved = await app.inject({
    method: 'PUT',
    url: `/api/repayments/${recorded.json().id}`,
    headers: admin,
    payload: { status: 'paid' },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  detail = await detailNow();
  assert.equal(detail.paid_amount, 100);
  assert.equal(detail.pending_amount, 0);
  assert.equal(detail.schedule[0].paid, 100);
  assert.equal(detail.repayment_pending, false);
  const history = (await app.inject({ url: `/api/loans/${loan.id}/history`, headers: asA })).json();
  assert.deepEqual(
    history
      .filter((e: { action: string }) => e.action.startsWith('repayment.'))
      .map((e: { action: string; amount: number | null }) => [e.action, e.amount]),
    [
      ['repayment.approved', 100],
      ['repayment.recorded', 100],
    ],
  );
});

test('notes: note and note_date required (400 naming them); list newest first; audited', async (t) => {
  const { app, db, loan, asA, asB } = await setup(t);
  const missing = await app.inject({
    method: 'POST',
    url: `/api/loans/notes/${loan.id}`,
    headers: asA,
    payload: {},
  });
  assert.equal(missing.statusCode, 400);
  const fields = missing
    .json()
    .errors.map((e: { field: string }) => e.field)
    .sort();
  assert.deepEqual(fields, ['note', 'note_date']);

  for (const [note, date] of [
    ['Called the customer', '2025-03-01'],
    ['Promised to pay Friday', '2025-03-03'],
  ]) {
    const created = await app.inject({
      method: 'POST',
      url: `/api/loans/notes/${loan.id}`,
      headers: asA,
      payload: { note, note_date: date },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().note.created_by_name, 'Amina Staff');
  }
  const list = await app.inject({ url: `/api/loans/notes/${loan.id}`, headers: asA });
  assert.deepEqual(
    list.json().map((n: { note: string }) => n.note),
    ['Promised to pay Friday', 'Called the customer'],
  );
  assert.equal((await app.inject({ url: `/api/loans/notes/${loan.id}`, headers: asB })).statusCode, 404);
  const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'loan.note_added'));
  assert.equal(audited.length, 2);
  assert.equal(audited[0]?.loanId, loan.id);
});
