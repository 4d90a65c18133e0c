import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import pg from 'pg';
import { auditLog, loans } from '../../db/schema';
import { ADMIN, authHeader, build, rebuild, TEST_START, type TestBuildOptions } from '../../../test/helper';
import { disburseLoan, fixtureLoan, fixtureUser, payAndApprove } from '../../../test/fixtures';
import { msUntilNextMidnight } from './ageing';
import { derivedColumns, evaluateStoredLoan, type DerivedColumns } from './engine-input';

const DAY = 24 * 60 * 60 * 1000;
const onPostgres = Boolean(process.env.DATABASE_URL);
/** The day the book is aged to: 40 days after the first disbursement. */
const AGED_ON = '2025-04-12';

test('msUntilNextMidnight: the next midnight in the lender zone, not in UTC', () => {
  // 23:30 in Nairobi (20:30 UTC): midnight in Nairobi is 30 minutes away.
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T20:30:00Z'), 'Africa/Nairobi'), 30 * 60_000);
  // 00:30 in Nairobi (21:30 UTC the day before): 23.5 hours to the next one.
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T21:30:00Z'), 'Africa/Nairobi'), 23.5 * 3_600_000);
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T23:00:00Z'), 'UTC'), 3_600_000);
  // New York springs forward on 9 March 2025: that day lasts 23 hours.
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T05:00:00Z'), 'America/New_York'), 23 * 3_600_000);
});

/**
 * A book of `count` loans through the HTTP API: disbursed over ten days, three terms, half with a
 * 5 % late fee, a third with an approved repayment on day 12 and a quarter another on day 20.
 * The clock is left on AGED_ON, so every loan has installments the pass has not seen yet.
 */
async function book(t: TestContext, count: number, options: TestBuildOptions = {}) {
  const ctx = await build(t, {}, options);
  const { app, db, clock } = ctx;
  const officer = await fixtureUser(db, 'officer', 'Amina');
  // Signed in again whenever used: tokens last an hour of the test clock, which moves by days.
  const admin = () => authHeader(app, ADMIN.email, ADMIN.password);
  const asOfficer = () => authHeader(app, officer.email, officer.password);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const loan = await fixtureLoan(db, officer.id, { durationDays: [28, 56, 91][i % 3] ?? 28 });
    if (i % 2 === 1) await db.update(loans).set({ lateFeePercent: '5.00' }).where(eq(loans.id, loan.id));
    ids.push(loan.id);
  }
  for (let day = 0; day < 10; day += 1) {
    clock.set(new Date(TEST_START.getTime() + day * DAY));
    for (const [i, id] of ids.entries()) {
      if (i % 10 !== day) continue;
      await disburseLoan(app, id, admin);
    }
  }
  const pay = (loanId: number, amount: number) =>
    payAndApprove(app, loanId, amount, { officer: asOfficer, admin });
  clock.set(new Date(TEST_START.getTime() + 12 * DAY));
  for (const [i, id] of ids.entries()) if (i % 3 === 0) await pay(id, 2000);
  clock.set(new Date(TEST_START.getTime() + 20 * DAY));
  for (const [i, id] of ids.entries()) if (i % 4 === 0) await pay(id, 1500);
  clock.set(`${AGED_ON}T07:00:00Z`);
  return { ...ctx, ids, admin, pay };
}

type Ctx = Awaited<ReturnType<typeof book>>;

const FIGURES = [
  'paidAmount',
  'penalty',
  'remainingBalance',
  'arrears',
  'status',
  'dueDate',
  'defaultDate',
  'completedDate',
  'deviceStatus',
  'nextAgeingOn',
] as const satisfies readonly (keyof DerivedColumns)[];

const pick = (row: Partial<Record<(typeof FIGURES)[number], unknown>>) =>
  Object.fromEntries(FIGURES.map((key) => [key, row[key]]));

/** What recomputing each loan on its own as of `today` would store (nothing written). */
async function perLoanRecompute({ db, config }: Ctx, today: string) {
  const rows = await db.select().from(loans).orderBy(loans.id);
  const expected = new Map<number, Record<string, unknown>>();
  for (const loan of rows) {
    const evaluation = await evaluateStoredLoan(db, loan, today, config);
    expected.set(loan.id, pick(derivedColumns(loan, evaluation, config)));
  }
  return expected;
}

async function storedFigures({ db }: Ctx) {
  const rows = await db.select().from(loans).orderBy(loans.id);
  return new Map(rows.map((loan) => [loan.id, pick(loan)]));
}

const agedEntries = ({ db }: Ctx) =>
  db.select({ loanId: auditLog.loanId }).from(auditLog).where(eq(auditLog.action, 'loan.aged'));

test('ageing: the pass over many loans in several batches stores what a per-loan recompute would, and reads before it already show it', async (t) => {
  const ctx = await book(t, 40, { ageing: { batchSize: 7 } });
  const { app, admin } = ctx;
  const expected = await perLoanRecompute(ctx, AGED_ON);
  const before = await storedFigures(ctx);
  const changing = [...expected].filter(([id, figures]) => {
    const { nextAgeingOn: _next, ...rest } = figures;
    const { nextAgeingOn: _stored, ...stored } = before.get(id) ?? {};
    return JSON.stringify(rest) !== JSON.stringify(stored);
  });
  assert.ok(changing.length >= 30, `most loans change between their last write and ${AGED_ON}`);

  // Between passes (the date has moved, nothing aged yet), the lists already read today's figures.
  const listed = [];
  for (let page = 1; page <= 4; page += 1) {
    const response = await app.inject({
      url: `/api/loans/loan-details?page=${page}`,
      headers: await admin(),
    });
    assert.equal(response.statusCode, 200, response.body);
    listed.push(...response.json().data);
  }
  assert.equal(listed.length, 40);
  for (const row of listed) {
    const want = expected.get(row.id);
    assert.ok(want);
    assert.deepEqual(
      [row.status, row.arrears, row.remaining_balance, row.device_status, row.default_date],
      [want.status, Number(want.arrears), Number(want.remainingBalance), want.deviceStatus, want.defaultDate],
      `loan ${row.id} as listed before the pass`,
    );
  }
  const dashboard = (
    await app.inject({ url: '/api/loans/dashboard/analytics', headers: await admin() })
  ).json();
  const count = (status: string) => [...expected.values()].filter((f) => f.status === status).length;
  assert.equal(dashboard.defaulted_loans, count('defaulted'));
  assert.equal(dashboard.active_loans, count('active') + count('partially_paid') + count('overdue'));
  assert.ok(count('defaulted') > 0 && count('overdue') > 0);

  const result = await app.ageing.run(AGED_ON);
  assert.equal(result.ran, true);
  assert.equal(result.examined, 40);
  assert.equal(result.changed, changing.length);
  assert.equal(result.batches, 6); // 7 + 7 + 7 + 7 + 7 + 5
  assert.deepEqual(await storedFigures(ctx), expected);
  const entries = await agedEntries(ctx);
  assert.deepEqual(
    entries.map((e) => e.loanId).sort((a, b) => (a ?? 0) - (b ?? 0)),
    changing.map(([id]) => id),
  );
  // Done for the day: a second pass finds nothing; the next day only the loans whose day comes.
  assert.equal((await app.ageing.run(AGED_ON)).examined, 0);
  const tomorrow = (await app.ageing.run('2025-04-13')).examined;
  const due = [...expected.values()].filter((f) => f.nextAgeingOn === '2025-04-13').length;
  assert.equal(tomorrow, due);
});

test('ageing: a pass that fails half-way has committed its batches and the next pass resumes with the rest', async (t) => {
  let failAt: number | undefined = 3;
  const ctx = await book(t, 30, {
    ageing: {
      batchSize: 6,
      beforeBatch: (batch) => {
        if (batch === failAt) throw new Error('the process died');
      },
    },
  });
  const { app, db } = ctx;
  const expected = await perLoanRecompute(ctx, AGED_ON);
  await assert.rejects(app.ageing.run(AGED_ON), /the process died/);
  const left = await db.select({ id: loans.id }).from(loans).where(lte(loans.nextAgeingOn, AGED_ON));
  assert.equal(left.length, 30 - 12, 'two batches of 6 committed');
  const firstEntries = (await agedEntries(ctx)).length;
  assert.ok(firstEntries > 0);

  failAt = undefined;
  const resumed = await app.ageing.run(AGED_ON);
  assert.equal(resumed.examined, 18);
  assert.deepEqual(await storedFigures(ctx), expected);
  const entries = (await agedEntries(ctx)).map((e) => e.loanId);
  assert.equal(new Set(entries).size, entries.length, 'each loan aged (and audited) once');
  assert.equal(entries.length, firstEntries + resumed.changed);
});

// A time limit (not a timing assertion): if the pass never started by itself, fail instead of waiting forever.
test(
  'ageing: the server listens and answers /api/health before the pass, which runs in the background',
  { timeout: 120_000 },
  async (t) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signalStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      signalStarted = resolve;
    });
    const ctx = await book(t, 12, {
      ageing: {
        batchSize: 5,
        beforeBatch: async () => {
          signalStarted();
          await gate;
        },
      },
    });
    const { app, db } = ctx;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    assert.ok(address && typeof address === 'object');
    // The pass starts by itself once the server listens (no one calls it), and holds at its first
    // batch until released: whatever the machine's speed, the answers below come while it runs.
    await started;
    const running = app.ageing.inProgress();
    assert.ok(running, 'the pass is under way');
    const health = await fetch(`http://127.0.0.1:${address.port}/api/health`);
    assert.equal(health.status, 200, 'the server answers while the pass runs');
    assert.equal(app.ageing.inProgress(), running, 'still the same pass, not finished');
    const due = await db.select({ id: loans.id }).from(loans).where(lte(loans.nextAgeingOn, AGED_ON));
    assert.equal(due.length, 12, 'nothing aged yet');

    release();
    const result = await running;
    assert.deepEqual([result.ran, result.examined, result.batches], [true, 12, 3]);
    assert.equal((await db.select().from(loans).where(lte(loans.nextAgeingOn, AGED_ON))).length, 0);
    // The background pass vacuums (PGlite has no autovacuum, PostgreSQL's may be off), so that the
    // pages it wrote are in the visibility map again (the lists' counts read the indexes alone) and
    // the planner knows it.
    const stats = await db.execute(sql`select relpages, relallvisible from pg_class where relname = 'loans'`);
    const [pages] = (stats as unknown as { rows: { relpages: number; relallvisible: number }[] }).rows;
    assert.ok(pages && pages.relpages > 0, 'loans vacuumed');
    assert.equal(pages.relallvisible, pages.relpages);
  },
);

test('ageing: a repayment approved between two batches is not overwritten with stale figures', async (t) => {
  const during: { approve?: () => Promise<number> } = {};
  let approved: number | undefined;
  const ctx = await book(t, 20, {
    ageing: {
      batchSize: 5,
      beforeBatch: async (batch) => {
        if (batch === 2) approved = await during.approve?.();
      },
    },
  });
  const { app, db, pay } = ctx;
  // A loan the pass has not reached yet when the repayment is approved.
  during.approve = async () => {
    const [waiting] = await db
      .select({ id: loans.id })
      .from(loans)
      .where(lte(loans.nextAgeingOn, AGED_ON))
      .orderBy(desc(loans.nextAgeingOn), desc(loans.id))
      .limit(1);
    assert.ok(waiting);
    await pay(waiting.id, 700);
    return waiting.id;
  };
  const result = await app.ageing.run(AGED_ON);
  assert.ok(approved !== undefined);
  assert.equal(result.examined, 19, 'the approval aged its loan itself');
  const expected = await perLoanRecompute(ctx, AGED_ON);
  const stored = await storedFigures(ctx);
  assert.deepEqual(stored, expected);
  assert.ok(Number(stored.get(approved)?.paidAmount) >= 700, 'the approved 700 is in the stored paid amount');
});

test('ageing: two instances on one database do not both run the pass (PostgreSQL: an advisory lock; PGlite: held per database handle)', async (t) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The first pass signals once it holds the lock (its first batch is about to start).
  let holdsLock: () => void = () => undefined;
  const locked = new Promise<void>((resolve) => {
    holdsLock = resolve;
  });
  const beforeBatch = () => {
    holdsLock();
    return gate;
  };
  const first = await book(t, 6, { ageing: { batchSize: 2, beforeBatch } });
  const second = await rebuild(t, first, {}, { ageing: { batchSize: 2 } });
  const running = first.app.ageing.run(AGED_ON);
  await locked;
  const other = await second.app.ageing.run(AGED_ON);
  assert.deepEqual([other.ran, other.examined], [false, 0]);
  release();
  const result = await running;
  assert.deepEqual([result.ran, result.examined], [true, 6]);
  // Once the first is done, the other may run (and finds nothing left for the day).
  assert.deepEqual([(await second.app.ageing.run(AGED_ON)).ran], [true]);
  const aged = await first.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(inArray(loans.id, first.ids), lte(loans.nextAgeingOn, AGED_ON)));
  assert.equal(aged.length, 0);
});

/**
 * Resolves once some session of this database waits for a row lock. `client` must be outside a
 * transaction: one keeps the first pg_stat_activity it read until it ends.
 */
async function waitUntilALockIsAwaited(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail('no session came to wait for the locked loan within 30 s');
}

if (onPostgres) {
  test('ageing (PostgreSQL): a repayment approved while its batch is locked waits and is not overwritten; a loan a request holds is skipped', async (t) => {
    let onLocked: ((ids: number[]) => Promise<void>) | undefined;
    const ctx = await book(t, 10, {
      ageing: { batchSize: 10, onBatchLocked: (ids) => onLocked?.(ids) },
    });
    const { app, db, ids, pay } = ctx;
    const [first, second] = ids;
    assert.ok(first && second);

    // A request holds the second loan's row (as an approval would) on another connection.
    const holder = new pg.Client({ connectionString: await databaseUrlOf(db) });
    await holder.connect();
    t.after(() => holder.end());
    const watcher = new pg.Client({ connectionString: await databaseUrlOf(db) });
    await watcher.connect();
    t.after(() => watcher.end());
    await holder.query('begin');
    await holder.query('select id from loans where id = $1 for update', [second]);

    let approval: Promise<unknown> | undefined;
    onLocked = async (locked) => {
      assert.equal(locked.includes(second), false, 'the held loan is skipped');
      assert.equal(locked.includes(first), true);
      onLocked = undefined;
      // An approval of the first loan now waits for the batch's row lock.
      approval = pay(first, 900);
      await waitUntilALockIsAwaited(watcher);
    };
    const result = await app.ageing.run(AGED_ON);
    assert.equal(result.examined, 9);
    await approval;
    await holder.query('rollback');

    const stored = await storedFigures(ctx);
    const expected = await perLoanRecompute(ctx, AGED_ON);
    assert.deepEqual(stored.get(first), expected.get(first), 'the approval recomputed after the batch');
    assert.ok(Number(stored.get(first)?.paidAmount) >= 900);
    assert.notDeepEqual(stored.get(second), expected.get(second), 'the skipped loan waits for a pass');
    assert.equal((await app.ageing.run(AGED_ON)).examined, 1);
    assert.deepEqual(await storedFigures(ctx), expected);
  });
}

/** The URL of the test database the app uses (helper.ts creates one per file on DATABASE_URL's server). */
async function databaseUrlOf(db: Ctx['db']): Promise<string> {
  const result = await db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${row?.name ?? ''}`;
  return url.toString();
}
