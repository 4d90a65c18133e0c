import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loanBookPending, loans, repayments } from '../../db/schema';
import { businessDate } from '../../domain/clock';
import { addDays } from '../../domain/loan-engine';
import { ADMIN, authHeader, build, TEST_START } from '../../../test/helper';
import { bookWrites, moveLoans } from '../../../test/book-writes';
import { fixtureLoan, fixtureUser, freshMpesaCode, recordRepayment } from '../../../test/fixtures';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The dashboard's figures counted from scratch over the loans and repayments, as the endpoint did
 * before the summaries (a whole-book aggregate): what the summary-backed figures must equal.
 */
async function fromScratch(db: Database, today: string, thresholdDays: number, officerId?: number) {
  const cutoff = addDays(today, -thresholdDays);
  const scope = officerId === undefined ? sql`true` : sql`l.officer_id = ${officerId}`;
  const dated = sql`l.disbursement_date is not null and l.status in ('active', 'partially_paid', 'overdue', 'defaulted')`;
  const figures = (await db.execute(sql`
    select
      count(*) filter (where ${dated} and (l.due_date is null or l.due_date >= ${cutoff}))::text as active,
      count(*) filter (where ${dated} and l.due_date = ${today})::text as due_today,
      count(*) filter (where ${dated} and l.due_date < ${cutoff})::text as defaulted,
      count(*) filter (where l.status = 'paid')::text as cleared,
      count(*) filter (where l.status = 'repossessed')::text as repossessed,
      coalesce(sum(l.principal) filter (where l.disbursement_date is not null), 0)::text as financed,
      (select coalesce(sum(r.amount), 0) from repayments r join loans l on l.id = r.loan_id
        where r.status = 'paid' and ${scope})::text as collected
    from loans l where ${scope}`)) as unknown as { rows: Record<string, string>[] };
  const row = figures.rows[0];
  assert.ok(row);
  return {
    active_loans: Number(row.active),
    due_today: Number(row.due_today),
    defaulted_loans: Number(row.defaulted),
    cleared_loans: Number(row.cleared),
    repossessed: Number(row.repossessed),
    amount_collected: Number(row.collected),
    amount_financed: Number(row.financed),
  };
}

test('dashboard: the summaries the triggers keep give the from-scratch figures after every kind of write', async (t) => {
  const { app, db, clock, config } = await build(t);
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  // Signed in again only when the clock moves (sessions expire): a sign-in hashes a password, the
  // slowest step of a request.
  const sessions = new Map<string, { at: number; header: { authorization: string } }>();
  const signedIn = async (email: string, password: string) => {
    const session = sessions.get(email);
    if (session?.at === clock.wallNow()) return session.header;
    const header = await authHeader(app, email, password);
    sessions.set(email, { at: clock.wallNow(), header });
    return header;
  };
  const admin = () => signedIn(ADMIN.email, ADMIN.password);
  const as = (officer: typeof officerA) => signedIn(officer.email, officer.password);
  const { call, loan, disburse, pay, approve } = bookWrites(app, db, { admin, as });
  const today = () => businessDate(clock.now(), config.timeZone);

  let step = 0;
  /** After each step: every scope's figures equal the from-scratch ones, and nothing is left pending. */
  const check = async (what: string) => {
    step += 1;
    const scopes: [string, number | undefined][] = [
      ['admin', undefined],
      ['officer A', officerA.id],
      ['officer B', officerB.id],
    ];
    for (const [who, officerId] of scopes) {
      const url =
        officerId === undefined
          ? '/api/loans/dashboard/analytics'
          : `/api/loans/dashboard/analytics?officerId=${officerId}`;
      const response = await app.inject({ url, headers: await admin() });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(
        response.json(),
        await fromScratch(db, today(), config.defaultThresholdDays, officerId),
        `step ${step} (${what}), ${who}`,
      );
    }
    assert.deepEqual(await db.select().from(loanBookPending), [], `step ${step}: pending rows left`);
  };

  await check('empty book');
  const a1 = await loan(officerA);
  const a2 = await loan(officerA, '20000.00');
  const a3 = await loan(officerA, '15000.00');
  const b1 = await loan(officerB, '12000.00');
  const b2 = await loan(officerB);
  await check('approved, pending disbursement');
  for (const { id } of [a1, a2, a3, b1]) await disburse(id);
  await check('disbursed');

  const r1 = await pay(a1.id, 3000, officerA);
  await check('repayment recorded, pending');
  await approve(r1);
  await check('repayment approved');
  const [a1Row] = await db.select().from(loans).where(eq(loans.id, a1.id));
  assert.ok(a1Row);
  await approve(await pay(a1.id, Number(a1Row.remainingBalance), officerA));
  await check('loan paid off');
  const unapproved = await pay(a2.id, 500, officerA);
  await check('second pending repayment');
  // No endpoint rejects a repayment: a pending one removed, as a clean-up would.
  await db.delete(repayments).where(eq(repayments.id, unapproved));
  await check('pending repayment deleted');

  // A week later the disbursed loans fall due; a day after that b1 is past due and waiting: its
  // device is locked, then repossessed.
  clock.advance(7 * DAY);
  await check('due today');
  clock.advance(DAY);
  await check('a week on, before the ageing pass');
  await app.ageing.run(today());
  await check('aged a week on');
  await call('PUT', `/api/loans/lock/${b1.id}`);
  await check('device locked');
  await call('PUT', `/api/loans/repossess/${b1.id}`);
  await check('repossessed');

  // 40 days on: past the default threshold, counted as defaulted before and after the pass.
  clock.advance(40 * DAY);
  await check('past the threshold, before the ageing pass');
  await app.ageing.run(today());
  await check('aged past the threshold');
  const r3 = await pay(a3.id, 1000, officerA);
  await approve(r3);
  await check('a defaulted loan repaid in part');

  // The clock back before the defaults: stored defaulted loans not past the threshold as of today.
  clock.set(new Date(TEST_START.getTime() + 10 * DAY));
  await check('stored defaulted, not yet past the threshold today');
  clock.advance(40 * DAY);

  // A loan moving to another officer takes its loans count, principal and repayments with it.
  // Several loans in one statement, and a rolled-back transaction, which must change nothing.
  await moveLoans(
    db,
    {
      one: a3.id,
      two: [a3.id, b2.id],
      from: officerA.id,
      to: officerB.id,
      twoLabel: 'two loans moved back in one statement',
    },
    check,
  );
  // An approved repayment deleted, then its loan.
  await db.delete(repayments).where(eq(repayments.loanId, a3.id));
  await check('repayments deleted');
  await db.delete(loans).where(eq(loans.id, b2.id));
  await check('loan deleted');
  await db.execute(sql`truncate ${repayments}`);
  await check('repayments truncated');
  await db.execute(sql`truncate ${loans} cascade`);
  await check('loans truncated');
});

test('dashboard: concurrent writes to the summary rows of one officer are all counted (no lost update, no deadlock)', async (t) => {
  const { app, db, clock, config } = await build(t);
  const officer = await fixtureUser(db, 'officer', 'Amina');
  const headers = await authHeader(app, ADMIN.email, ADMIN.password);
  const officerHeaders = await authHeader(app, officer.email, officer.password);
  const pending = [];
  for (let i = 0; i < 12; i += 1) pending.push(await fixtureLoan(db, officer.id));
  // On PostgreSQL each request is its own transaction on its own connection, committing together.
  const disbursed = await Promise.all(
    pending.map(({ id }) =>
      app.inject({
        method: 'PUT',
        url: `/api/loans/disburse/${id}`,
        headers,
        payload: { mpesaCode: freshMpesaCode('DB') },
      }),
    ),
  );
  assert.deepEqual(
    disbursed.map((response) => response.statusCode),
    pending.map(() => 200),
  );
  const recorded = await Promise.all(pending.map(({ id }) => recordRepayment(app, id, 1000, officerHeaders)));
  const approved = await Promise.all(
    recorded.map((id) =>
      app.inject({
        method: 'PUT',
        url: `/api/repayments/${id}`,
        headers,
        payload: { status: 'paid', loanId: 1, amount: 1, mpesaCode: 'IGNORED' },
      }),
    ),
  );
  assert.deepEqual(
    approved.map((response) => response.statusCode),
    pending.map(() => 200),
  );
  const today = businessDate(clock.now(), config.timeZone);
  const dashboard = (await app.inject({ url: '/api/loans/dashboard/analytics', headers })).json();
  assert.deepEqual(dashboard, await fromScratch(db, today, config.defaultThresholdDays));
  assert.equal(dashboard.active_loans, 12);
  assert.equal(dashboard.amount_collected, 12_000);
});
