/**
 * The demo book (`npm run demo`): a small book built through the API shows every loan status and
 * device state, fills every list of the specification, and is the same for the same seed.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { PROMISE_STATUSES } from '@lender/shared/contract/notes';
import { apiRoutes } from '@lender/shared/contract/routes';
import { DEVICE_STATUSES, LOAN_STATUSES } from '@lender/shared/domain/statuses';
import { BUSINESS_TIME_ZONE } from '@lender/shared/domain/date-time';
import { buildApp, type App } from '../app';
import { businessDate } from '../domain/clock';
import { ADMIN, authHeader, getOk, MPESA_TEST_SECRET, testConfig } from '../../test/helper';
import {
  buildDemoBook,
  DEMO_OFFICER_PASSWORD,
  DEMO_OFFICERS,
  DemoClock,
  planDemoCustomers,
} from './demo-book';

const SIZE = 20;
const SEED = 4242;

/** A new app on a new embedded database, built the way scripts/demo.ts builds it. */
async function demoApp(t: TestContext): Promise<App> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lender-demo-test-'));
  const clock = new DemoClock();
  const app = await buildApp(testConfig(dataDir, { rateLimitMax: 1_000_000 }), {
    clock,
    serveFrontends: false,
  });
  t.after(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const made = await buildDemoBook(app, clock, {
    customers: SIZE,
    seed: SEED,
    admin: ADMIN,
    mpesaSecret: MPESA_TEST_SECRET,
  });
  assert.equal(made.customers, SIZE);
  return app;
}

/** Every row of a paginated list. */
async function allRows<T>(app: App, headers: Record<string, string>, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = url.includes('?') ? '&' : '?';
    const body = await getOk<{ data: T[]; meta: { totalPages: number } }>(
      app,
      headers,
      `${url}${separator}page=${page}`,
    );
    rows.push(...body.data);
    if (page >= body.meta.totalPages) return rows;
  }
}

interface Row {
  id: number;
  status: string;
  device_status: string | null;
}

const loanRows = async (app: App, admin: Record<string, string>) =>
  [
    ...(await allRows<Row>(app, admin, apiRoutes.loans.active)),
    ...(await allRows<Row>(app, admin, apiRoutes.loans.paid)),
    ...(await allRows<Row>(app, admin, apiRoutes.loans.pendingDisbursement)),
  ].sort((a, b) => a.id - b.id);

const customerRows = async (app: App, admin: Record<string, string>) =>
  (
    await allRows<{
      first_name: string;
      last_name: string;
      phone: string;
      national_id: string;
      created_by_name: string;
    }>(app, admin, apiRoutes.customers.list)
  )
    .map(({ first_name, last_name, phone, national_id, created_by_name }) => ({
      first_name,
      last_name,
      phone,
      national_id,
      created_by_name,
    }))
    .sort((a, b) => a.national_id.localeCompare(b.national_id));

test('a small demo book shows every status and fills every list; the same seed gives the same book', async (t) => {
  const app = await demoApp(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);

  const loans = await loanRows(app, admin);
  assert.deepEqual(new Set(loans.map((loan) => loan.status)), new Set(LOAN_STATUSES));
  assert.deepEqual(
    new Set(loans.map((loan) => loan.device_status).filter((status) => status !== null)),
    new Set(DEVICE_STATUSES),
  );

  // Every list of the specification has rows.
  for (const url of [
    apiRoutes.customers.list,
    apiRoutes.applications.pending,
    apiRoutes.applications.rejected,
    apiRoutes.loans.active,
    apiRoutes.loans.paid,
    apiRoutes.loans.defaulted,
    apiRoutes.loans.pendingDisbursement,
    apiRoutes.loans.dueToday,
    apiRoutes.loans.dueTomorrow,
    apiRoutes.loans.due2to7,
    apiRoutes.repayments.list,
    apiRoutes.repayments.pending,
    apiRoutes.repayments.approved,
    apiRoutes.users.list,
    // The morning's paybill payments: a mistyped account number and an overpayment wait.
    apiRoutes.mpesa.suspense,
  ]) {
    const { data } = await getOk<{ data: unknown[] }>(app, admin, url);
    assert.ok(data.length > 0, `${url} is empty`);
  }
  assert.equal((await getOk<unknown[]>(app, admin, apiRoutes.products.list)).length, 4);

  // The collection notes: a promise to pay kept, one broken and one pending on loans in arrears.
  for (const promise of PROMISE_STATUSES) {
    const { data } = await getOk<{ data: { promise_status: string | null }[] }>(
      app,
      admin,
      `${apiRoutes.loans.active}?promise=${promise}`,
    );
    assert.ok(data.length > 0, `no loan whose latest promise is ${promise}`);
    assert.ok(data.every((row) => row.promise_status === promise));
  }

  const dashboard = await getOk<Record<string, number>>(app, admin, apiRoutes.loans.dashboard);
  for (const figure of [
    'active_loans',
    'due_today',
    'defaulted_loans',
    'cleared_loans',
    'repossessed',
    'amount_collected',
    'amount_financed',
  ]) {
    assert.ok((dashboard[figure] ?? 0) > 0, `dashboard ${figure} is ${dashboard[figure]}`);
  }

  // This month's pages, its targets and the loan report.
  const monthly = await getOk<{ loans: unknown[]; summary: { target_amount: number } }>(
    app,
    admin,
    apiRoutes.loans.monthlyActive,
  );
  assert.ok(monthly.loans.length > 0 && monthly.summary.target_amount > 0, 'monthly disbursement page');
  const collected = await getOk<{ repayments: unknown[]; summary: { target_amount: number } }>(
    app,
    admin,
    apiRoutes.repayments.monthlyApproved,
  );
  assert.ok(
    collected.repayments.length > 0 && collected.summary.target_amount > 0,
    'monthly collection page',
  );
  const report = await getOk<{ loans: unknown[]; summary: Record<string, number> }>(
    app,
    admin,
    apiRoutes.loans.reports,
  );
  assert.ok(report.loans.length > 0, 'loan report');
  for (const count of [
    'active_loans',
    'cleared_loans',
    'overdue_loans',
    'partially_paid_loans',
    'defaulted_loans',
    'repossessed_loans',
  ]) {
    assert.ok((report.summary[count] ?? 0) > 0, `loan report ${count} is ${report.summary[count]}`);
  }
  const [year, month] = businessDate(new Date(), BUSINESS_TIME_ZONE).split('-').map(Number);
  const targets = await getOk<unknown[]>(app, admin, `${apiRoutes.targets}?month=${month}&year=${year}`);
  assert.equal(targets.length, 1 + DEMO_OFFICERS.length);

  // Every customer is in one officer's book, and each officer can sign in.
  let inBooks = 0;
  for (const officer of DEMO_OFFICERS) {
    const headers = await authHeader(app, officer.email, DEMO_OFFICER_PASSWORD);
    inBooks += (await allRows(app, headers, apiRoutes.customers.list)).length;
  }
  assert.equal(inBooks, SIZE);

  // The customers are the seed's plan, and a second build from the same seed is the same book.
  const customers = await customerRows(app, admin);
  assert.deepEqual(
    customers.map((c) => `${c.first_name} ${c.last_name} ${c.national_id}`),
    planDemoCustomers(SIZE, SEED)
      .map((c) => `${c.first_name} ${c.last_name} ${c.national_id}`)
      .sort((a, b) => a.split(' ')[2]!.localeCompare(b.split(' ')[2]!)),
  );
  assert.notDeepEqual(planDemoCustomers(SIZE, SEED + 1), planDemoCustomers(SIZE, SEED));

  const again = await demoApp(t);
  const againAdmin = await authHeader(again, ADMIN.email, ADMIN.password);
  assert.deepEqual(await customerRows(again, againAdmin), customers);
  const statuses = (rows: Row[]) =>
    rows.map(({ id, status, device_status }) => `${id} ${status} ${device_status}`);
  assert.deepEqual(statuses(await loanRows(again, againAdmin)), statuses(loans));
});
