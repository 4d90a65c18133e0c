import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import { loans } from '../../db/schema';
import { TEST_START } from '../../../test/helper';
import {
  buildWithOfficers,
  disburseLoan,
  fixtureLoan,
  fixtureRepayment,
  recordRepayment,
} from '../../../test/fixtures';
import { recomputeLoan } from './engine-input';

const DAY = 24 * 60 * 60 * 1000;

async function setup(t: TestContext) {
  const ctx = await buildWithOfficers(t);
  const { app, db, officerA, signIn: headers } = ctx;
  const newLoan = (officerId: number, firstName = 'Wanjiku') => fixtureLoan(db, officerId, {}, { firstName });
  /** Disburses as an admin at the clock's current time. */
  const disburse = async (id: number) => disburseLoan(app, id, (await headers()).admin);
  const get = async (url: string, who: 'admin' | 'asA' | 'asB' = 'admin') =>
    app.inject({ url, headers: (await headers())[who] });
  /** Paid in full (an approval, done here straight in the database) on `day`. */
  const paidInFull = async (loan: { id: number; customerId: number }, day: string) => {
    await fixtureRepayment(db, loan, {
      amount: '11000.00',
      paidDate: day,
      createdBy: officerA.id,
      createdAt: TEST_START,
    });
    await db.transaction((tx) => recomputeLoan(tx, loan.id, day, ctx.config));
  };
  return { ...ctx, headers, newLoan, disburse, get, paidInFull };
}

const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

test('lists: active newest disbursement first with search, pending disbursement, scope; due lists on the Nairobi day', async (t) => {
  const { clock, officerA, officerB, newLoan, disburse, get } = await setup(t);
  const l1 = await newLoan(officerA.id, 'Otieno');
  const l2 = await newLoan(officerA.id);
  const l3 = await newLoan(officerA.id);
  const pending = await newLoan(officerB.id);
  await disburse(l1.id); // Mon 3 March: due 10 March
  clock.advance(DAY);
  await disburse(l2.id); // due 11 March
  clock.advance(3 * DAY);
  await disburse(l3.id); // Fri 7 March: due 14 March

  const active = (await get('/api/loans/loan-details')).json();
  assert.deepEqual(ids(active), [l3.id, l2.id, l1.id]);
  assert.equal(active.meta.total, 3);
  assert.equal(active.data[2].disbursement_date, '2025-03-03');
  assert.deepEqual(ids((await get('/api/loans/loan-details?search=otie')).json()), [l1.id]);
  assert.deepEqual(ids((await get('/api/loans/loan-details/pending-disbursement')).json()), [pending.id]);
  // Officer B sees only their book; an admin narrows with officerId.
  assert.deepEqual(ids((await get('/api/loans/loan-details', 'asB')).json()), []);
  assert.deepEqual(ids((await get('/api/loans/loan-details/pending-disbursement', 'asA')).json()), []);
  assert.deepEqual(
    ids((await get(`/api/loans/loan-details/pending-disbursement?officerId=${officerB.id}`)).json()),
    [pending.id],
  );
  assert.equal((await get(`/api/loans/loan-details?officerId=${officerB.id}`)).json().meta.total, 0);

  // 23:59 on Sunday 9 March in Nairobi (20:59 UTC): l1 is due tomorrow.
  clock.set('2025-03-09T20:59:00Z');
  assert.deepEqual(ids((await get('/api/loans/due-today')).json()), []);
  assert.deepEqual(ids((await get('/api/loans/due-tomorrow')).json()), [l1.id]);
  // 00:30 on Monday 10 March in Nairobi (still 9 March in UTC): l1 is due today.
  clock.set('2025-03-09T21:30:00Z');
  const dueToday = (await get('/api/loans/due-today', 'asA')).json();
  assert.deepEqual(ids(dueToday), [l1.id]);
  assert.equal(dueToday.data[0].days_remaining, 0);
  assert.equal(dueToday.data[0].days_overdue, 0);
  // The amount due now is the installment falling due (the server's figure, from the loan engine).
  assert.equal(dueToday.data[0].amount_due, 2750);
  assert.equal(dueToday.data[0].arrears, 2750);
  assert.deepEqual(ids((await get('/api/loans/due-tomorrow')).json()), [l2.id]);
  const soon = (await get('/api/loans/due-2-7-days')).json();
  assert.deepEqual(ids(soon), [l3.id]);
  assert.equal(soon.data[0].days_remaining, 4);
  // Not due yet (no arrears), but the next installment is what the customer is asked for.
  assert.equal(soon.data[0].arrears, 0);
  assert.equal(soon.data[0].amount_due, 2750);
  assert.deepEqual(ids((await get('/api/loans/due-today', 'asB')).json()), []);
});

test('lists: pages of 10 counted in SQL', async (t) => {
  const { officerA, newLoan, get } = await setup(t);
  for (let i = 0; i < 12; i += 1) await newLoan(officerA.id);
  const first = (await get('/api/loans/loan-details/pending-disbursement')).json();
  assert.equal(first.data.length, 10);
  assert.deepEqual(first.meta, { page: 1, pageSize: 10, total: 12, totalPages: 2 });
  const second = (await get('/api/loans/loan-details/pending-disbursement?page=2')).json();
  assert.equal(second.data.length, 2);
  assert.deepEqual(second.meta, { page: 2, pageSize: 10, total: 12, totalPages: 2 });
  // The count comes with the page's rows (one statement): a page past the end has none, and
  // still tells the total; so does an officer's (prepared apart from the whole book's).
  const past = (await get('/api/loans/loan-details/pending-disbursement?page=3')).json();
  assert.deepEqual(past, { data: [], meta: { page: 3, pageSize: 10, total: 12, totalPages: 2 } });
  const empty = (await get('/api/loans/loan-details/paid')).json();
  assert.deepEqual(empty, { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 1 } });
  const officerPast = (
    await get(`/api/loans/loan-details/pending-disbursement?page=2&officerId=${officerA.id}`)
  ).json();
  assert.deepEqual(officerPast.meta, { page: 2, pageSize: 10, total: 12, totalPages: 2 });
});

test('ageing: overdue and waiting on the due day, defaulted after the threshold, paid list; one change audited once', async (t) => {
  const { app, db, clock, officerA, newLoan, disburse, get, paidInFull } = await setup(t);
  const loan = await newLoan(officerA.id);
  await disburse(loan.id);

  // Nothing falls due before 10 March: the pass has no loan to look at.
  const first = await app.runAgeing('2025-03-09');
  assert.deepEqual([first.ran, first.examined, first.changed], [true, 0, 0]);
  const dueDay = await app.runAgeing('2025-03-10');
  assert.deepEqual([dueDay.examined, dueDay.changed], [1, 1]);
  let [stored] = await db.select().from(loans).where(eq(loans.id, loan.id));
  assert.equal(stored?.status, 'overdue');
  assert.equal(stored?.deviceStatus, 'waiting');
  assert.equal(stored?.arrears, '2750.00');
  assert.equal(stored?.amountDue, '2750.00');
  const again = await app.runAgeing('2025-03-10');
  assert.deepEqual([again.examined, again.changed], [0, 0]);

  // Default: the first day more than 30 days past the 10 March installment.
  await app.runAgeing('2025-04-10');
  [stored] = await db.select().from(loans).where(eq(loans.id, loan.id));
  assert.equal(stored?.status, 'defaulted');
  assert.equal(stored?.defaultDate, '2025-04-10');
  clock.set('2025-04-10T07:00:00Z');
  const defaulted = (await get('/api/loans/loan-details/defaulted')).json();
  assert.deepEqual(ids(defaulted), [loan.id]);
  assert.equal(defaulted.data[0].days_overdue, 31);
  assert.equal(defaulted.data[0].default_date, '2025-04-10');
  // Every installment has fallen due unpaid.
  assert.equal(defaulted.data[0].amount_due, 11000);

  const history = (await get(`/api/loans/${loan.id}/history`)).json();
  const aged = history.filter((e: { action: string }) => e.action === 'loan.aged');
  assert.equal(aged.length, 2);
  assert.equal(aged[0].actor_name, null);

  // Paid in full (an approval, done here straight in the database): the pass leaves it alone.
  await paidInFull(loan, '2025-04-10');
  [stored] = await db.select().from(loans).where(eq(loans.id, loan.id));
  assert.equal(stored?.status, 'paid');
  assert.equal(stored?.deviceStatus, 'purchased');
  assert.equal(stored?.remainingBalance, '0.00');
  assert.deepEqual(ids((await get('/api/loans/loan-details/paid')).json()), [loan.id]);
  assert.deepEqual((await app.runAgeing('2025-05-01')).examined, 0);
});

test('lock: only when waiting (409 before), 200 then 409 again; refused while a repayment is pending', async (t) => {
  const { app, clock, officerA, newLoan, disburse, headers } = await setup(t);
  const loan = await newLoan(officerA.id);
  const other = await newLoan(officerA.id);
  await disburse(loan.id);
  await disburse(other.id);
  const lock = async (id: number, who: 'admin' | 'asA' = 'admin') =>
    app.inject({ method: 'PUT', url: `/api/loans/lock/${id}`, headers: (await headers())[who] });

  const early = await lock(loan.id);
  assert.equal(early.statusCode, 409);
  assert.equal((await lock(loan.id, 'asA')).statusCode, 403);

  clock.set('2025-03-10T07:00:00Z');
  await app.runAgeing();
  const locked = await lock(loan.id);
  assert.equal(locked.statusCode, 200, locked.body);
  // The phone itself is asked to lock (issue 35): lock requested until the provider confirms.
  assert.deepEqual(locked.json(), {
    message: 'Phone locked successfully',
    device_status: 'locked',
    device_lock_state: 'lock_requested',
  });
  assert.equal((await lock(loan.id)).statusCode, 409);

  await recordRepayment(app, other.id, 2750, (await headers()).asA);
  const refused = await lock(other.id);
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().message, 'A repayment for this loan is awaiting approval');

  // The lists and the detail say so beforehand, so that Lock is not offered (issue 11).
  const { admin } = await headers();
  const rows = (await app.inject({ url: '/api/loans/loan-details', headers: admin })).json().data as {
    id: number;
    repayment_pending: boolean;
  }[];
  assert.equal(rows.find((row) => row.id === other.id)?.repayment_pending, true);
  assert.equal(rows.find((row) => row.id === loan.id)?.repayment_pending, false);
  const detail = (await app.inject({ url: `/api/loans/${other.id}`, headers: admin })).json();
  assert.equal(detail.repayment_pending, true);

  const history = (
    await app.inject({ url: `/api/loans/${loan.id}/history`, headers: (await headers()).admin })
  ).json();
  assert.equal(history[0].action, 'loan.locked');
});

test('lock: 8 concurrent requests, exactly one wins', async (t) => {
  const { app, clock, officerA, newLoan, disburse, headers } = await setup(t);
  const loan = await newLoan(officerA.id);
  await disburse(loan.id);
  clock.set('2025-03-10T07:00:00Z');
  await app.runAgeing();
  const { admin } = await headers();
  const responses = await Promise.all(
    Array.from({ length: 8 }, () =>
      app.inject({ method: 'PUT', url: `/api/loans/lock/${loan.id}`, headers: admin }),
    ),
  );
  assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
});

test('repossess: sets repossessed; a paid loan is 409', async (t) => {
  const { app, db, officerA, newLoan, disburse, headers, paidInFull } = await setup(t);
  const loan = await newLoan(officerA.id);
  const paid = await newLoan(officerA.id);
  await disburse(loan.id);
  await disburse(paid.id);
  const { admin, asA } = await headers();
  const repossess = (id: number, h = admin) =>
    app.inject({ method: 'PUT', url: `/api/loans/repossess/${id}`, headers: h });

  assert.equal((await repossess(loan.id, asA)).statusCode, 403);
  const response = await repossess(loan.id);
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.json().device_status, 'repossessed');
  const [stored] = await db.select().from(loans).where(eq(loans.id, loan.id));
  assert.equal(stored?.status, 'repossessed');
  assert.ok(stored?.repossessedAt);

  await paidInFull(paid, '2025-03-03');
  const refused = await repossess(paid.id);
  assert.equal(refused.statusCode, 409);
});

test('dashboard: counts and sums in each scope (officer A, officer B, admin, admin narrowed)', async (t) => {
  const { app, officerA, officerB, newLoan, disburse, get, headers, paidInFull } = await setup(t);
  const a1 = await newLoan(officerA.id);
  const a2 = await newLoan(officerA.id);
  await newLoan(officerA.id); // pending: not counted as active
  const b1 = await newLoan(officerB.id);
  await disburse(a1.id);
  await disburse(a2.id);
  await disburse(b1.id);
  await paidInFull(a1, '2025-03-03');
  await app.inject({ method: 'PUT', url: `/api/loans/repossess/${b1.id}`, headers: (await headers()).admin });

  const a = (await get('/api/loans/dashboard/analytics', 'asA')).json();
  assert.deepEqual(a, {
    active_loans: 1,
    due_today: 0,
    defaulted_loans: 0,
    cleared_loans: 1,
    repossessed: 0,
    amount_collected: 11000,
    amount_financed: 20000,
  });
  const b = (await get(`/api/loans/dashboard/analytics?officerId=${officerA.id}`, 'asB')).json();
  assert.equal(b.repossessed, 1);
  assert.equal(b.active_loans, 0);
  assert.equal(b.amount_financed, 10000);
  assert.equal(b.amount_collected, 0);
  const all = (await get('/api/loans/dashboard/analytics')).json();
  assert.equal(all.amount_financed, 30000);
  assert.equal(all.cleared_loans, 1);
  assert.equal(all.repossessed, 1);
  const narrowed = (await get(`/api/loans/dashboard/analytics?officerId=${officerB.id}`)).json();
  assert.deepEqual(narrowed, b);
});
