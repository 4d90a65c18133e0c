import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, loans } from '../../db/schema';
import { ADMIN, authHeader, build, TEST_START } from '../../../test/helper';
import { disburseLoan, fixtureLoan, fixtureUser, payAndApprove } from '../../../test/fixtures';

const DAY = 24 * 60 * 60 * 1000;

test('paid-through and lock dates: stored with every recomputation, on the detail and the due and defaulted lists, backfilled by the ageing pass', async (t) => {
  const { app, db, clock } = await build(t);
  const officer = await fixtureUser(db, 'officer', 'Amina');
  const admin = () => authHeader(app, ADMIN.email, ADMIN.password);
  const asOfficer = () => authHeader(app, officer.email, officer.password);
  // 10,000.00 at 10 % over 28 days: 4 × 2,750.00.
  const newLoan = () => fixtureLoan(db, officer.id);
  const disburse = (id: number) => disburseLoan(app, id, admin);
  const pay = (loanId: number, amount: number) =>
    payAndApprove(app, loanId, amount, { officer: asOfficer, admin });
  const detail = async (id: number) => {
    const response = await app.inject({ url: `/api/loans/${id}`, headers: await admin() });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { paid_through_date: string | null; lock_date: string | null; status: string };
  };
  const list = async (url: string) => {
    const response = await app.inject({ url, headers: await admin() });
    assert.equal(response.statusCode, 200, response.body);
    return (
      response.json() as {
        data: { id: number; paid_through_date: string | null; lock_date: string | null }[];
      }
    ).data;
  };
  const stored = async (id: number) => {
    const [row] = await db
      .select({ paidThroughDate: loans.paidThroughDate, lockDate: loans.lockDate })
      .from(loans)
      .where(eq(loans.id, id));
    return row;
  };

  // Disbursed on Mon 3 March 2025: due 10, 17, 24 and 31 March.
  const loan = await newLoan();
  const other = await newLoan();
  const pending = await newLoan();
  const notDisbursed = await detail(pending.id);
  assert.equal(notDisbursed.paid_through_date, null);
  assert.equal(notDisbursed.lock_date, null);
  await disburse(loan.id);
  await disburse(other.id);
  assert.deepEqual(await stored(loan.id), { paidThroughDate: null, lockDate: '2025-03-10' });
  const fresh = await detail(loan.id);
  assert.equal(fresh.paid_through_date, null);
  assert.equal(fresh.lock_date, '2025-03-10');

  // 3,000.00 covers the first installment (and 250.00 of the second).
  clock.advance(DAY);
  await pay(loan.id, 3000);
  assert.deepEqual(await stored(loan.id), { paidThroughDate: '2025-03-10', lockDate: '2025-03-17' });
  const paidOnce = await detail(loan.id);
  assert.equal(paidOnce.paid_through_date, '2025-03-10');
  assert.equal(paidOnce.lock_date, '2025-03-17');
  const approvals = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.loanId, loan.id), eq(auditLog.action, 'repayment.approved')));
  assert.ok(
    approvals.some((entry) => JSON.stringify(entry.after).includes('2025-03-17')),
    `the approval's audit records the new lock date: ${JSON.stringify(approvals)}`,
  );

  // The due lists: 10 March is the other loan's due date (lock date today), 17 March this one's.
  clock.set(new Date(TEST_START.getTime() + 7 * DAY));
  const dueToday = await list('/api/loans/due-today');
  assert.deepEqual(
    dueToday.map(({ id, paid_through_date, lock_date }) => ({ id, paid_through_date, lock_date })),
    [{ id: other.id, paid_through_date: null, lock_date: '2025-03-10' }],
  );
  const dueSoon = await list('/api/loans/due-2-7-days');
  assert.deepEqual(
    dueSoon.map(({ id, paid_through_date, lock_date }) => ({ id, paid_through_date, lock_date })),
    [{ id: loan.id, paid_through_date: '2025-03-10', lock_date: '2025-03-17' }],
  );

  // Defaulted (more than 30 days past 10 March): the lock date stays that past day.
  clock.set(new Date(TEST_START.getTime() + 40 * DAY));
  await app.runAgeing();
  const defaulted = await list('/api/loans/loan-details/defaulted');
  const otherRow = defaulted.find((row) => row.id === other.id);
  assert.deepEqual(
    { paid_through_date: otherRow?.paid_through_date, lock_date: otherRow?.lock_date },
    { paid_through_date: null, lock_date: '2025-03-10' },
  );

  // Rows stored before the columns existed: migration 0026 makes their ageing day come, and the
  // pass fills them without a 'loan.aged' entry (nothing but the new columns changed).
  await db
    .update(loans)
    .set({ paidThroughDate: null, lockDate: null, nextAgeingOn: '1970-01-01' })
    .where(eq(loans.id, loan.id));
  const agedBefore = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.loanId, loan.id), eq(auditLog.action, 'loan.aged')));
  const result = await app.runAgeing();
  assert.ok(result.examined >= 1);
  assert.deepEqual(await stored(loan.id), { paidThroughDate: '2025-03-10', lockDate: '2025-03-17' });
  const agedAfter = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.loanId, loan.id), eq(auditLog.action, 'loan.aged')));
  assert.equal(agedAfter.length, agedBefore.length);

  // Paid off: paid through the last due date; nothing left to lock for.
  const balance = (await app.inject({ url: `/api/loans/${loan.id}`, headers: await admin() })).json()
    .remaining_balance as number;
  await pay(loan.id, balance);
  const paidOff = await detail(loan.id);
  assert.equal(paidOff.status, 'paid');
  assert.equal(paidOff.paid_through_date, '2025-03-31');
  assert.equal(paidOff.lock_date, null);
  assert.deepEqual(await stored(loan.id), { paidThroughDate: '2025-03-31', lockDate: null });

  // The migration's own backfill statements: a paid loan in SQL, the others marked for the pass.
  await db
    .update(loans)
    .set({ paidThroughDate: null, lockDate: null, nextAgeingOn: null })
    .where(inArray(loans.id, [loan.id, other.id]));
  const migration = await readFile(
    new URL('../../db/migrations/0026_paid_through_and_lock_dates.sql', import.meta.url),
    'utf8',
  );
  const backfill = migration
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*(--.*\n)*\s*UPDATE/i.test(s));
  assert.equal(backfill.length, 2);
  for (const statement of backfill) await db.execute(sql.raw(statement));
  assert.deepEqual(await stored(loan.id), { paidThroughDate: '2025-03-31', lockDate: null });
  const [marked] = await db.select().from(loans).where(eq(loans.id, other.id));
  assert.equal(marked?.nextAgeingOn, '1970-01-01');
  assert.equal(marked?.lockDate, null);
  await app.runAgeing();
  assert.deepEqual(await stored(other.id), { paidThroughDate: null, lockDate: '2025-03-10' });
  assert.deepEqual(await stored(pending.id), { paidThroughDate: null, lockDate: null });
});
