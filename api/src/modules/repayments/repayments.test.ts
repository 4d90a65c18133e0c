import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, customers, loans, repayments } from '../../db/schema';
import { buildWithOfficers, fixtureDisbursedLoan, recordRepayment } from '../../../test/fixtures';

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
