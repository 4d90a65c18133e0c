import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, customers, loans, repayments } from '../../db/schema';
import {
  buildWithOfficers,
  fixtureDisbursedLoan,
  freshMpesaCode,
  recordRepayment,
} from '../../../test/fixtures';

/** Two officers, an admin and a disbursed loan (11,000 in 4 weekly installments of 2,750) in A's book. */
async function setup(t: TestContext) {
  const ctx = await buildWithOfficers(t);
  const { app, db, signIn: headers } = ctx;
  const newLoan = async (officerId: number, name: { firstName?: string; lastName?: string } = {}) =>
    fixtureDisbursedLoan(app, db, officerId, (await headers()).admin, {}, name);
  /** Records a pending repayment as the loan's officer (A unless told); returns its id. */
  const pay = async (loanId: number, amount: number, code?: string, who: 'asA' | 'asB' = 'asA') =>
    recordRepayment(app, loanId, amount, (await headers())[who], code);
  const approve = async (id: number, who: 'admin' | 'asA' = 'admin') =>
    app.inject({
      method: 'PUT',
      url: `/api/repayments/${id}`,
      headers: (await headers())[who],
      payload: { status: 'paid', loanId: 1, amount: 1, mpesaCode: 'IGNORED' },
    });
  const loanRow = async (id: number) => {
    const [row] = await db.select().from(loans).where(eq(loans.id, id));
    assert.ok(row);
    return row;
  };
  return { ...ctx, headers, newLoan, pay, approve, loanRow };
}

test('approve: repayment paid, loan figures and status updated, audited with the loan id', async (t) => {
  const { db, officerA, newLoan, pay, approve, loanRow } = await setup(t);
  const loan = await newLoan(officerA.id);
  const id = await pay(loan.id, 3000);
  const response = await approve(id);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: 'Repayment approved successfully!' });

  const [stored] = await db.select().from(repayments).where(eq(repayments.id, id));
  assert.equal(stored?.status, 'paid');
  assert.ok(stored?.approvedAt);
  assert.ok(stored?.approvedBy);
  const after = await loanRow(loan.id);
  assert.equal(after.paidAmount, '3000.00');
  assert.equal(after.remainingBalance, '8000.00');
  assert.equal(after.status, 'partially_paid');
  assert.equal(after.deviceStatus, 'active');

  const audit = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'repayment.approved'), eq(auditLog.entityId, String(id))));
  assert.equal(audit.length, 1);
  assert.equal(audit[0]?.loanId, loan.id);
  assert.equal(audit[0]?.actorId, stored?.approvedBy);
});

test('approve: the last payment makes the loan paid, the phone purchased, with a completion date', async (t) => {
  const { officerA, newLoan, pay, approve, loanRow } = await setup(t);
  const loan = await newLoan(officerA.id);
  assert.equal((await approve(await pay(loan.id, 5000))).statusCode, 200);
  assert.equal((await approve(await pay(loan.id, 6000))).statusCode, 200);
  const after = await loanRow(loan.id);
  assert.equal(after.status, 'paid');
  assert.equal(after.remainingBalance, '0.00');
  assert.equal(after.paidAmount, '11000.00');
  assert.equal(after.deviceStatus, 'purchased');
  assert.equal(after.completedDate, '2025-03-03');
});

test('approve: clearing the arrears unlocks a locked phone', async (t) => {
  const { app, clock, officerA, headers, newLoan, pay, approve, loanRow } = await setup(t);
  const loan = await newLoan(officerA.id);
  clock.set('2025-03-10T07:00:00Z');
  await app.runAgeing();
  assert.equal((await loanRow(loan.id)).deviceStatus, 'waiting');
  const locked = await app.inject({
    method: 'PUT',
    url: `/api/loans/lock/${loan.id}`,
    headers: (await headers()).admin,
  });
  assert.equal(locked.statusCode, 200, locked.body);
  assert.equal((await loanRow(loan.id)).deviceStatus, 'locked');

  const response = await approve(await pay(loan.id, 2750));
  assert.equal(response.statusCode, 200, response.body);
  const after = await loanRow(loan.id);
  assert.equal(after.deviceStatus, 'active');
  assert.equal(after.arrears, '0.00');
});

test('approve: officer 403 with error; twice 409; unknown 404; status other than paid 400', async (t) => {
  const { db, officerA, newLoan, pay, approve, headers, app } = await setup(t);
  const loan = await newLoan(officerA.id);
  const id = await pay(loan.id, 1000);
  const officer = await approve(id, 'asA');
  assert.equal(officer.statusCode, 403);
  assert.ok(officer.json().error);
  const [still] = await db.select().from(repayments).where(eq(repayments.id, id));
  assert.equal(still?.status, 'pending');

  const bad = await app.inject({
    method: 'PUT',
    url: `/api/repayments/${id}`,
    headers: (await headers()).admin,
    payload: { status: 'pending' },
  });
  assert.equal(bad.statusCode, 400);

  assert.equal((await approve(id)).statusCode, 200);
  const again = await approve(id);
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().message, 'This repayment has already been approved');
  assert.equal((await approve(999_999)).statusCode, 404);
});

test('approve: 8 concurrent approvals, exactly one wins and the loan counts it once', async (t) => {
  const { db, officerA, newLoan, pay, approve, loanRow } = await setup(t);
  const loan = await newLoan(officerA.id);
  const id = await pay(loan.id, 1000);
  const responses = await Promise.all(Array.from({ length: 8 }, () => approve(id)));
  assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
  assert.equal((await loanRow(loan.id)).paidAmount, '1000.00');
  const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'repayment.approved'));
  assert.equal(audit.length, 1);
});

test('approve: two pending repayments that together exceed the balance, the second is refused naming it', async (t) => {
  const { db, officerA, newLoan, pay, approve, loanRow } = await setup(t);
  const loan = await newLoan(officerA.id);
  const first = await pay(loan.id, 8000);
  const second = await pay(loan.id, 5000);
  assert.equal((await approve(first)).statusCode, 200);
  const refused = await approve(second);
  assert.equal(refused.statusCode, 409);
  assert.match(refused.json().message, /3,000\.00/);
  const [stored] = await db.select().from(repayments).where(eq(repayments.id, second));
  assert.equal(stored?.status, 'pending');
  assert.equal((await loanRow(loan.id)).paidAmount, '8000.00');
});

test('lists: scoped by book, search by name and code, pagination, newest first', async (t) => {
  const { app, officerA, officerB, headers, newLoan, pay, approve } = await setup(t);
  const loanA = await newLoan(officerA.id, { firstName: 'Achieng', lastName: 'Otieno' });
  const loanB = await newLoan(officerB.id, { firstName: 'Baraka', lastName: 'Mwangi' });
  const idsA: number[] = [];
  for (let i = 0; i < 11; i += 1) idsA.push(await pay(loanA.id, 10));
  const codeB = 'QBB1234567';
  const idB = await pay(loanB.id, 20, codeB, 'asB');
  const approvedFirst = idsA[0] ?? 0;
  const approvedSecond = idsA[1] ?? 0;
  assert.equal((await approve(approvedFirst)).statusCode, 200);
  assert.equal((await approve(approvedSecond)).statusCode, 200);

  const h = await headers();
  const get = async (url: string, who: 'admin' | 'asA' | 'asB' = 'admin') => {
    const response = await app.inject({ url, headers: h[who] });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { data: Record<string, unknown>[]; meta: Record<string, number> };
  };
  const idsOf = (page: { data: Record<string, unknown>[] }) => page.data.map((r) => r.id);

  const pendingAdmin = await get('/api/repayments/pending');
  assert.equal(pendingAdmin.meta.total, 10);
  assert.equal(pendingAdmin.meta.totalPages, 1);
  assert.equal(pendingAdmin.data[0]?.id, idB);
  assert.equal(pendingAdmin.data[0]?.customer_name, 'Baraka Mwangi');
  assert.equal(pendingAdmin.data[0]?.created_by_name, 'Brian Staff');
  assert.equal(pendingAdmin.data[0]?.loan_status, 'active');
  assert.equal(pendingAdmin.data[0]?.amount, 20);
  assert.equal(pendingAdmin.data[0]?.approved_at, null);

  const pendingA = await get(`/api/repayments/pending?role=admin&officerId=${officerB.id}`, 'asA');
  assert.equal(pendingA.meta.total, 9);
  assert.ok(pendingA.data.every((r) => r.loan_id === loanA.id));
  const pendingB = await get('/api/repayments/pending', 'asB');
  assert.deepEqual(idsOf(pendingB), [idB]);
  const narrowed = await get(`/api/repayments/pending?officerId=${officerB.id}`);
  assert.deepEqual(idsOf(narrowed), [idB]);

  const approved = await get('/api/repayments/approved');
  assert.deepEqual(idsOf(approved), [approvedSecond, approvedFirst]);
  assert.ok(approved.data[0]?.approved_at);
  assert.equal((await get('/api/repayments/approved', 'asB')).meta.total, 0);

  const all = await get('/api/repayments');
  assert.equal(all.meta.total, 12);
  assert.equal(all.meta.totalPages, 2);
  assert.equal(all.data.length, 10);
  const page2 = await get('/api/repayments?page=2');
  assert.equal(page2.data.length, 2);
  assert.equal(page2.data[1]?.id, idsA[0]);
  // Past the end: no row to carry the count (read with the page), so it is read alone.
  const past = await get('/api/repayments?page=3');
  assert.deepEqual([past.data.length, past.meta.total, past.meta.totalPages], [0, 12, 2]);
  assert.equal((await get('/api/repayments?status=paid')).meta.total, 2);
  assert.equal((await get('/api/repayments', 'asA')).meta.total, 11);

  const byName = await get('/api/repayments?search=mwangi%20baraka');
  assert.deepEqual(idsOf(byName), [idB]);
  const byCode = await get('/api/repayments/pending?search=qbb123');
  assert.deepEqual(idsOf(byCode), [idB]);
  assert.equal((await get('/api/repayments?search=%25')).meta.total, 0);
  assert.equal((await get('/api/repayments?search=QBB1234567', 'asA')).meta.total, 0);
});

test('search by name: a name few customers have, and one more customers share than the id lookup takes', async (t) => {
  const { app, db, officerA, headers, newLoan, pay } = await setup(t);
  // 501 customers named Zawadi (one past NAME_IDS_LIMIT), none with a loan; 2 named Kerubo.
  await db.insert(customers).values(
    Array.from({ length: 501 }, (_, i) => ({
      firstName: 'Zawadi',
      lastName: `Shared${i}`,
      phone: `+2541${String(10_000_000 + i).slice(-8)}`,
      nationalId: String(30_000_000 + i),
      county: 'Nairobi',
      occupation: 'Trader',
      createdBy: officerA.id,
    })),
  );
  const zawadi = await newLoan(officerA.id, { firstName: 'Zawadi', lastName: 'Njeri' });
  const kerubo = await newLoan(officerA.id, { firstName: 'Kerubo', lastName: 'Moraa' });
  const other = await newLoan(officerA.id, { firstName: 'Otieno', lastName: 'Ouma' });
  const byZawadi = await pay(zawadi.id, 10);
  const byKerubo = await pay(kerubo.id, 10);
  // Codes that contain the names searched: found by code whoever the customer is.
  const codeZawadi = await pay(other.id, 10, 'ZAWADI0001');
  const codeKerubo = await pay(other.id, 10, 'KERUBO0001');
  await pay(other.id, 10);

  const h = await headers();
  const found = async (term: string) => {
    const response = await app.inject({ url: `/api/repayments?search=${term}`, headers: h.admin });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { data: { id: number }[]; meta: { total: number } };
    assert.equal(body.meta.total, body.data.length);
    return body.data.map((r) => r.id).sort((a, b) => a - b);
  };
  // The common name (past the limit: a condition on the joined customer).
  assert.deepEqual(await found('zawadi'), [byZawadi, codeZawadi]);
  assert.deepEqual(await found('ZAWADI%20njeri'), [byZawadi]);
  // The rarer one (the customers' ids first).
  assert.deepEqual(await found('kerubo'), [byKerubo, codeKerubo]);
  assert.deepEqual(await found('moraa%20kerubo'), [byKerubo]);
  assert.deepEqual(await found('nobody'), []);
});

/** PUT /api/repayments/reject/{id} as an admin (unless told), with `payload`. */
async function rejectAs(
  ctx: Awaited<ReturnType<typeof setup>>,
  id: number,
  payload: unknown = { reason: 'Code not on the statement' },
  who: 'admin' | 'asA' = 'admin',
) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/repayments/reject/${id}`,
    headers: (await ctx.headers())[who],
    payload: payload as Record<string, unknown>,
  });
}

test('reject: rejected with who, when and why, audited on the loan history, no longer awaiting approval, never paid', async (t) => {
  const ctx = await setup(t);
  const { app, db, clock, officerA, headers, newLoan, pay, loanRow } = ctx;
  const loan = await newLoan(officerA.id);
  clock.set('2025-03-10T07:00:00Z');
  await app.runAgeing();
  const code = freshMpesaCode('RJ');
  const id = await pay(loan.id, 2750, code);
  const admin = (await headers()).admin;
  const lock = () => app.inject({ method: 'PUT', url: `/api/loans/lock/${loan.id}`, headers: admin });
  assert.equal((await lock()).statusCode, 409, 'locked while a repayment awaits approval');

  const response = await rejectAs(ctx, id, { reason: '  Code not on the statement  ' });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: 'Repayment rejected' });
  const [stored] = await db.select().from(repayments).where(eq(repayments.id, id));
  assert.equal(stored?.status, 'rejected');
  assert.equal(stored?.rejectionReason, 'Code not on the statement');
  assert.equal(stored?.rejectedAt?.toISOString(), '2025-03-10T07:00:00.000Z');
  assert.ok(stored?.rejectedBy);
  assert.equal(stored?.approvedAt, null);
  assert.equal((await loanRow(loan.id)).paidAmount, '0.00');

  const detail = await app.inject({ url: `/api/loans/${loan.id}`, headers: admin });
  assert.equal(detail.json().pending_amount, 0);
  assert.equal(detail.json().paid_amount, 0);
  assert.equal(detail.json().repayment_pending, false);
  const onLoan = await app.inject({ url: `/api/loans/repayments/${loan.id}`, headers: admin });
  assert.deepEqual(
    onLoan
      .json()
      .map((r: { status: string; rejection_reason: string | null }) => [r.status, r.rejection_reason]),
    [['rejected', 'Code not on the statement']],
  );
  const history = await app.inject({ url: `/api/loans/${loan.id}/history`, headers: admin });
  const entry = history.json().find((e: { action: string }) => e.action === 'repayment.rejected');
  assert.ok(entry, history.body);
  assert.equal(entry.amount, 2750);
  assert.equal(entry.after.mpesa_code, code);
  assert.equal(entry.after.reason, 'Code not on the statement');
  assert.ok(entry.actor_name);

  const list = async (path: string) => (await app.inject({ url: path, headers: admin })).json();
  assert.equal((await list('/api/repayments/pending')).meta.total, 0);
  assert.equal((await list('/api/repayments/approved')).meta.total, 0);
  const rejected = await list('/api/repayments?status=rejected');
  assert.equal(rejected.meta.total, 1);
  assert.equal(rejected.data[0].rejection_reason, 'Code not on the statement');
  assert.equal(rejected.data[0].rejected_at, '2025-03-10T07:00:00.000Z');
  assert.equal((await list('/api/repayments?status=paid')).meta.total, 0);
  const dashboard = await list('/api/loans/dashboard/analytics');
  assert.equal(dashboard.amount_collected, 0);

  assert.equal((await lock()).statusCode, 200, 'nothing awaits approval any more');
});

test('reject: reason required (trimmed, at most 500), admins only, 404 unknown, once, and never after approval', async (t) => {
  const ctx = await setup(t);
  const { db, officerA, newLoan, pay, approve } = ctx;
  const loan = await newLoan(officerA.id);
  const id = await pay(loan.id, 1000);
  for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 12 }]) {
    const bad = await rejectAs(ctx, id, payload);
    assert.equal(bad.statusCode, 400, JSON.stringify(payload));
    assert.deepEqual(
      bad.json().errors.map((e: { field: string }) => e.field),
      ['reason'],
    );
  }
  const officer = await rejectAs(ctx, id, undefined, 'asA');
  assert.equal(officer.statusCode, 403);
  assert.ok(officer.json().error);
  const [still] = await db.select().from(repayments).where(eq(repayments.id, id));
  assert.equal(still?.status, 'pending');
  assert.equal((await rejectAs(ctx, 999_999)).statusCode, 404);

  assert.equal((await rejectAs(ctx, id, { reason: 'x'.repeat(500) })).statusCode, 200);
  const again = await rejectAs(ctx, id);
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().message, 'This repayment has already been rejected');
  const approveRejected = await approve(id);
  assert.equal(approveRejected.statusCode, 409);
  assert.equal(approveRejected.json().message, 'This repayment has already been rejected');

  const paid = await pay(loan.id, 500);
  assert.equal((await approve(paid)).statusCode, 200);
  const rejectPaid = await rejectAs(ctx, paid);
  assert.equal(rejectPaid.statusCode, 409);
  assert.equal(rejectPaid.json().message, 'This repayment has already been approved');
  const [approved] = await db.select().from(repayments).where(eq(repayments.id, paid));
  assert.equal(approved?.status, 'paid');
});

test('reject: concurrent rejections and approvals of one repayment, exactly one decides it', async (t) => {
  const ctx = await setup(t);
  const { db, officerA, newLoan, pay, approve, loanRow } = ctx;
  const loan = await newLoan(officerA.id);
  const id = await pay(loan.id, 1000);
  const responses = await Promise.all([rejectAs(ctx, id), approve(id), rejectAs(ctx, id), approve(id)]);
  assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409, 409, 409]);
  const [stored] = await db.select().from(repayments).where(eq(repayments.id, id));
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'repayment'), eq(auditLog.entityId, String(id))));
  const decisions = entries.filter((e) => ['repayment.approved', 'repayment.rejected'].includes(e.action));
  assert.equal(decisions.length, 1);
  assert.equal(decisions[0]?.action, stored?.status === 'paid' ? 'repayment.approved' : 'repayment.rejected');
  assert.equal((await loanRow(loan.id)).paidAmount, stored?.status === 'paid' ? '1000.00' : '0.00');
});

test('reject: the code may be recorded again, on the same loan or another, once; a code in use stays refused', async (t) => {
  const ctx = await setup(t);
  const { app, db, officerA, headers, newLoan, pay, approve } = ctx;
  const loan = await newLoan(officerA.id);
  const other = await newLoan(officerA.id);
  const code = freshMpesaCode('RA');
  const first = await pay(loan.id, 1000, code);
  const record = async (loanId: number, mpesaCode: string) =>
    app.inject({
      method: 'POST',
      url: '/api/loans/loan-payment',
      headers: (await headers()).asA,
      payload: { loanId, amount: 900, mpesaCode, method: 'mpesa' },
    });
  assert.equal((await record(other.id, code)).statusCode, 409, 'pending: the code is in use');
  assert.equal((await rejectAs(ctx, first, { reason: 'Amount typed wrong' })).statusCode, 200);

  const again = await record(loan.id, code);
  assert.equal(again.statusCode, 201, again.body);
  assert.equal((await record(other.id, code)).statusCode, 409, 'pending again: in use');
  assert.equal((await rejectAs(ctx, again.json().id)).statusCode, 200);

  // Two staff recording it at once, on two loans: one takes it.
  const both = await Promise.all([record(loan.id, code), record(other.id, code)]);
  assert.deepEqual(both.map((r) => r.statusCode).sort(), [201, 409]);
  const taken = both.find((r) => r.statusCode === 201)!.json().id as number;
  assert.equal((await approve(taken)).statusCode, 200);
  assert.equal((await record(other.id, code)).statusCode, 409, 'approved: in use');
  const ofCode = await db.select().from(repayments).where(eq(repayments.mpesaCode, code));
  assert.deepEqual(ofCode.map((r) => r.status).sort(), ['paid', 'rejected', 'rejected']);

  // A disbursement's code is never a repayment's, rejected or not.
  const [disbursed] = await db.select().from(loans).where(eq(loans.id, other.id));
  assert.ok(disbursed?.disbursementMpesaCode);
  assert.equal((await record(loan.id, disbursed.disbursementMpesaCode)).statusCode, 409);
});

test('reject-batch: each pending one rejected with the reason, the others refused with theirs', async (t) => {
  const ctx = await setup(t);
  const { app, db, officerA, headers, newLoan, pay, approve } = ctx;
  const loan = await newLoan(officerA.id);
  const a = await pay(loan.id, 100);
  const b = await pay(loan.id, 200);
  const paid = await pay(loan.id, 300);
  assert.equal((await approve(paid)).statusCode, 200);
  const batch = (payload: unknown, who: 'admin' | 'asA' = 'admin') =>
    headers().then((h) =>
      app.inject({
        method: 'POST',
        url: '/api/repayments/reject-batch',
        headers: h[who],
        payload: payload as Record<string, unknown>,
      }),
    );
  assert.equal((await batch({ ids: [a], reason: 'Duplicate' }, 'asA')).statusCode, 403);
  const noReason = await batch({ ids: [a] });
  assert.equal(noReason.statusCode, 400);
  assert.deepEqual(
    noReason.json().errors.map((e: { field: string }) => e.field),
    ['reason'],
  );
  const response = await batch({ ids: [a, paid, b, 999_999], reason: 'Duplicate' });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(
    response.json().results.map((r: { id: number; ok: boolean; message: string }) => [r.id, r.ok, r.message]),
    [
      [a, true, 'Repayment rejected'],
      [paid, false, 'This repayment has already been approved'],
      [b, true, 'Repayment rejected'],
      [999_999, false, 'Repayment 999999 not found'],
    ],
  );
  const stored = await db.select().from(repayments).where(eq(repayments.loanId, loan.id));
  assert.deepEqual(
    stored.map((r) => [r.id, r.status, r.rejectionReason]).sort((x, y) => Number(x[0]) - Number(y[0])),
    [
      [a, 'rejected', 'Duplicate'],
      [b, 'rejected', 'Duplicate'],
      [paid, 'paid', null],
    ],
  );
});
