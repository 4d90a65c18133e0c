/**
 * The authorization matrix: every route the server registers × every identity of IDENTITIES →
 * the status the product answers, from one table. A route without a row fails the first test, so a
 * new route cannot ship without saying who may call it.
 *
 * To add a route: one line in TABLE, keyed by the method and the URL as registered (`GET
 * /api/loans/:id`; HEAD routes follow their GET row), with who may call it, the status they get,
 * and, when the route takes ids or a body, the request an allowed caller would make.
 */
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { APPLICATION_LIST_NAMES, applicationList } from '@lender/shared/contract/application-lists';
import { LOAN_LIST_NAMES, loanList } from '@lender/shared/contract/loan-lists';
import { REPAYMENT_LIST_NAMES, repaymentList } from '@lender/shared/contract/repayment-lists';
import { c2bBody, freshMpesaCode } from '../../test/fixtures';
import { MPESA_TEST_SECRET } from '../../test/helper';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { App } from '../app';
import {
  applicationBody,
  buildListingRoutes,
  headersOf,
  IDENTITIES,
  newCustomerForm,
  SIGNED_IN,
  seedBook,
  staticRootFor,
  type Book,
  type Identity,
  type RouteKey,
} from '../../test/support/security';

/**
 * public: anyone, whatever the token (the row's status for all).
 * staff: any active signed-in user; the seven refused identities get 401.
 * owner: officer A, whose record the request names, and admins; officer B gets 404 (ids of
 *   another book cannot be probed); refused identities 401.
 * admin: admins only; officers get 403, refused identities 401.
 */
type Access = 'public' | 'staff' | 'owner' | 'admin';

interface Request {
  /** The route's own URL when absent (a route without parameters). */
  url?: string;
  payload?: object;
}

interface Row {
  access: Access;
  /** What an allowed identity gets. */
  status: number;
  /** The request an allowed identity would make, made afresh for each identity. */
  request?: (context: { book: Book; who: Identity; app: App }) => Request;
}

const row = (access: Access, status: number, request?: Row['request']): Row => ({ access, status, request });
const at = (url: string, payload?: object): Request => ({ url, payload });

let counter = 0;
const next = () => (counter += 1);

/** The user-registration form (multipart), with an e-mail of its own. */
function userForm(): FormData {
  const form = new FormData();
  const fields = {
    firstName: 'Grace',
    lastName: 'Njeri',
    email: `grace${next()}@lender.test`,
    role: 'officer',
    password: 'Secret123!',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The caller's password, for the change of one's own (the forged tokens claim the admin). */
const currentPassword = (book: Book, who: Identity) =>
  who === 'officerA'
    ? book.officerA.password
    : who === 'officerB'
      ? book.officerB.password
      : book.admin.password;

/**
 * Every list of the loan, application and repayment families (shared/src/contract/*-lists.ts):
 * open to all staff, each caller reading their own book (the family's one route loop registers
 * them alike, so a new list is in this table by its definition).
 */
const LIST_ROWS = Object.fromEntries(
  [
    ...LOAN_LIST_NAMES.map((name) => loanList(name).api),
    ...APPLICATION_LIST_NAMES.map((name) => applicationList(name).api),
    ...REPAYMENT_LIST_NAMES.map((name) => repaymentList(name).api),
  ].map((path) => [`GET /api${path}`, row('staff', 200)]),
) as Record<RouteKey, Row>;

const TABLE: Record<RouteKey, Row> = {
  ...LIST_ROWS,
  // Public: sign-in, health, signed file URLs, the OpenAPI document, the remotes manifest, the
  // static frontends.
  'GET /api/health': row('public', 200),
  'POST /api/users/login': row('public', 200, ({ book }) => ({
    payload: { email: book.signIn.email, password: book.signIn.password },
  })),
  'GET /api/files/:key': row('public', 200, ({ book, app }) => at(String(app.files.signedUrl(book.fileKey)))),
  'GET /api/docs/openapi.json': row('public', 200),
  'GET /remotes.config.json': row('public', 200),
  'GET /*': row('public', 200, () => at('/')),
  'GET /signin': row('public', 200),
  'GET /remotes/mf-customers/*': row('public', 200, () => at('/remotes/mf-customers/remoteEntry.js')),
  'GET /deployed/*': row('public', 200, () => at('/deployed/mf-customers/v1/remoteEntry.js')),

  // Users and sign-in throttles.
  'POST /api/users/logout': row('staff', 200),
  'POST /api/users/session/renew': row('staff', 200),
  'POST /api/users/me/password': row('staff', 200, ({ book, who }) => ({
    payload: { currentPassword: currentPassword(book, who), newPassword: 'Another-Password-1' },
  })),
  'POST /api/users/register': row('admin', 201, () => ({ payload: userForm() })),
  'GET /api/users': row('admin', 200),
  'GET /api/users/officers': row('admin', 200),
  'GET /api/users/:id': row('owner', 200, ({ book }) => at(`/api/users/${book.officerA.id}`)),
  'PATCH /api/users/:id': row('admin', 200, ({ book }) =>
    at(`/api/users/${book.spareUsers[0]}`, { firstName: `Edited${next()}` }),
  ),
  'POST /api/users/:id/deactivate': row('admin', 200, ({ book }) =>
    at(`/api/users/${book.spareUsers[1]}/deactivate`),
  ),
  'POST /api/users/:id/reactivate': row('admin', 200, ({ book }) =>
    at(`/api/users/${book.inactiveUsers[0]}/reactivate`),
  ),
  'POST /api/users/:id/reset-password': row('admin', 200, ({ book }) =>
    at(`/api/users/${book.spareUsers[2]}/reset-password`, { password: 'Temporary-123' }),
  ),
  'GET /api/sign-in-throttles': row('admin', 200),
  'DELETE /api/sign-in-throttles/:id': row('admin', 200, ({ book }) =>
    at(`/api/sign-in-throttles/${book.throttles[0]}`),
  ),

  // Customers.
  'POST /api/customerNew': row('staff', 201, () => ({ payload: newCustomerForm() })),
  'GET /api/customers': row('staff', 200),
  'GET /api/customers/phone-check': row('staff', 200, () =>
    at('/api/customers/phone-check?phone=0712345678'),
  ),
  'GET /api/customerNew/:id': row('owner', 200, ({ book }) => at(`/api/customerNew/${book.customers[0]}`)),
  'GET /api/customers/:id/overview': row('owner', 200, ({ book }) =>
    at(`/api/customers/${book.customers[0]}/overview`),
  ),
  'PATCH /api/customers/:id': row('admin', 200, ({ book }) =>
    at(`/api/customers/${book.customers[0]}`, { occupation: `Trader ${next()}` }),
  ),
  'DELETE /api/customers/:id': row('admin', 200, ({ book }) => at(`/api/customers/${book.customers.at(-1)}`)),

  // Loans, their lists and reports.
  'GET /api/loans/dashboard/analytics': row('staff', 200),
  'GET /api/loans/dashboard/trends': row('staff', 200),
  'GET /api/loans/monthly-active-loans': row('staff', 200),
  'GET /api/loans/loan-reports': row('staff', 200),
  'GET /api/repayments/monthly-approved': row('staff', 200),
  'GET /api/loans/:id': row('owner', 200, ({ book }) => at(`/api/loans/${book.payingLoans[0]}`)),
  'PATCH /api/loans/:id': row('admin', 200, ({ book }) =>
    at(`/api/loans/${book.payingLoans[0]}`, { model: `Tecno Spark ${next()}` }),
  ),
  'GET /api/loans/:id/history': row('owner', 200, ({ book }) =>
    at(`/api/loans/${book.payingLoans[0]}/history`),
  ),
  'GET /api/loans/repayments/:id': row('owner', 200, ({ book }) =>
    at(`/api/loans/repayments/${book.payingLoans[0]}`),
  ),
  'GET /api/loans/notes/:id': row('owner', 200, ({ book }) => at(`/api/loans/notes/${book.payingLoans[0]}`)),
  'POST /api/loans/notes/:id': row('owner', 201, ({ book }) =>
    at(`/api/loans/notes/${book.payingLoans[0]}`, { note: 'Called the customer', note_date: '2025-03-10' }),
  ),
  'POST /api/loans/loan-payment': row('owner', 201, ({ book }) => ({
    payload: { loanId: book.payingLoans[0], amount: 100, mpesaCode: freshMpesaCode('SX'), method: 'mpesa' },
  })),
  'PUT /api/loans/disburse/:id': row('admin', 200, ({ book }) =>
    at(`/api/loans/disburse/${book.pendingLoans[0]}`, { mpesaCode: freshMpesaCode('SX') }),
  ),
  // A batch answers 200 with each item's outcome (issue 34).
  'POST /api/loans/disburse-batch': row('admin', 200, ({ book }) => ({
    payload: { items: [{ id: book.pendingLoans.at(-1), mpesaCode: freshMpesaCode('SX') }] },
  })),
  'PUT /api/loans/lock/:id': row('admin', 200, ({ book }) => at(`/api/loans/lock/${book.waitingLoans[0]}`)),
  'PUT /api/loans/repossess/:id': row('admin', 200, ({ book }) =>
    at(`/api/loans/repossess/${book.waitingLoans[1]}`),
  ),

  // Issue 35: a loan's and a customer's messages and device commands are their book's; sending a
  // message and the reminder choice too; the providers' failing commands, alerts, templates,
  // settings and costs are admins'.
  'GET /api/loans/:id/device-commands': row('owner', 200, ({ book }) =>
    at(`/api/loans/${book.payingLoans[0]}/device-commands`),
  ),
  'GET /api/loans/:id/messages': row('owner', 200, ({ book }) =>
    at(`/api/loans/${book.payingLoans[0]}/messages`),
  ),
  'POST /api/loans/:id/messages': row('owner', 201, ({ book }) =>
    at(`/api/loans/${book.payingLoans[0]}/messages`, { text: 'Please call the office' }),
  ),
  'GET /api/customers/:id/device-commands': row('owner', 200, ({ book }) =>
    at(`/api/customers/${book.customers[0]}/device-commands`),
  ),
  'GET /api/customers/:id/messages': row('owner', 200, ({ book }) =>
    at(`/api/customers/${book.customers[0]}/messages`),
  ),
  'POST /api/customers/:id/reminders': row('owner', 200, ({ book }) =>
    at(`/api/customers/${book.customers[0]}/reminders`, { opted_out: true }),
  ),
  'GET /api/device-commands/failing': row('admin', 200),
  'GET /api/device-commands/alerts': row('admin', 200),
  'GET /api/device-commands/summary': row('admin', 200),
  // No such command: an admin is told so; officers are refused before that.
  'POST /api/device-commands/:id/retry': row('admin', 404, () => at('/api/device-commands/2000000000/retry')),
  // A loan without an alert: 409 for an admin.
  'DELETE /api/loans/:id/device-alert': row('admin', 409, ({ book }) =>
    at(`/api/loans/${book.payingLoans[0]}/device-alert`),
  ),
  'GET /api/message-templates': row('admin', 200),
  'PUT /api/message-templates/:kind': row('admin', 200, () =>
    at('/api/message-templates/receipt', { text: 'Received Ksh {amount}, balance Ksh {balance}.' }),
  ),
  'GET /api/messages/costs': row('admin', 200),
  'GET /api/lender-settings': row('admin', 200),
  'PUT /api/lender-settings': row('admin', 200, () => ({
    payload: { auto_lock: false, reminder_days_before: 3, paybill_number: '522533', reminders_enabled: true },
  })),

  // Products and targets.
  'GET /api/loanProducts': row('staff', 200),
  'POST /api/loanProducts': row('admin', 201, () => ({
    payload: {
      name: `Plan ${next()}`,
      minAmount: 1000,
      maxAmount: 50_000,
      interestRate: 10,
      durationDays: 28,
    },
  })),
  'GET /api/targets': row('staff', 200, () => at('/api/targets?month=3&year=2025')),
  'PUT /api/targets': row('admin', 200, () =>
    at('/api/targets?month=3&year=2025', {
      targets: [{ officerId: null, disbursementTarget: 1000, collectionTarget: 1000 }],
    }),
  ),

  // Applications: officer B names officer A's customer (404); the admin another of A's (one
  // pending application per customer).
  'POST /api/loansApplication': row('owner', 201, ({ book, who }) => ({
    payload: applicationBody(book.productId, who === 'admin' ? book.customers[1]! : book.customers[0]!),
  })),
  'PUT /api/loansApplication/approve/:id': row('admin', 200, ({ book }) =>
    at(`/api/loansApplication/approve/${book.pendingApplications[0]}`, { disbursedAmount: 10_000 }),
  ),
  // The book's two pending applications are the single decisions'; an id of none answers 200 too.
  'POST /api/loansApplication/approve-batch': row('admin', 200, () => ({
    payload: { ids: [2_000_000_000] },
  })),
  'PUT /api/loansApplication/reject/:id': row('admin', 200, ({ book }) =>
    at(`/api/loansApplication/reject/${book.pendingApplications[1]}`, { reason: 'Income too low' }),
  ),

  // Repayments.
  // M-Pesa: the callbacks are public behind the secret in their path; the suspense queue is admins'.
  'POST /api/mpesa/c2b/:secret/validation': row('public', 200, ({ book }) =>
    at(
      `/api/mpesa/c2b/${MPESA_TEST_SECRET}/validation`,
      c2bBody({ account: encodeAccountNumber(book.waitingLoans[0] ?? 0), amount: 100 }),
    ),
  ),
  'POST /api/mpesa/c2b/:secret/confirmation': row('public', 200, ({ book }) =>
    at(
      `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`,
      c2bBody({ account: encodeAccountNumber(book.waitingLoans[0] ?? 0), amount: 1 }),
    ),
  ),
  'GET /api/search': row('staff', 200, () => at('/api/search?q=Wanjiku')),
  'GET /api/exports/loans.csv': row('staff', 200, () => at('/api/exports/loans.csv?list=active')),
  'GET /api/exports/monthly-loans.csv': row('staff', 200),
  'GET /api/exports/loan-report.csv': row('staff', 200, () => at('/api/exports/loan-report.csv?period=all')),
  'GET /api/exports/customers.csv': row('staff', 200),
  'GET /api/exports/repayments.csv': row('staff', 200, () => at('/api/exports/repayments.csv?list=pending')),
  'GET /api/exports/monthly-repayments.csv': row('staff', 200),
  'GET /api/exports/suspense.csv': row('admin', 200),
  'GET /api/exports/users.csv': row('admin', 200),
  'GET /api/exports/products.csv': row('staff', 200),
  'GET /api/exports/applications.csv': row('staff', 200, () =>
    at('/api/exports/applications.csv?list=rejected'),
  ),
  'GET /api/mpesa/suspense': row('admin', 200),
  'GET /api/mpesa/suspense/summary': row('admin', 200),
  // Backups (issue 32): the embedded database's last backup, for the admin's dashboard.
  'GET /api/backups/status': row('admin', 200),
  'GET /api/mpesa/suspense/loans': row('admin', 200, () => at('/api/mpesa/suspense/loans?search=Wanjiku')),
  'POST /api/mpesa/suspense/:id/assign': row('admin', 200, ({ book }) =>
    at(`/api/mpesa/suspense/${book.suspensePayments[0]}/assign`, { loanId: book.waitingLoans[0] }),
  ),
  'POST /api/mpesa/suspense/:id/refund': row('admin', 200, ({ book }) =>
    at(`/api/mpesa/suspense/${book.suspensePayments[1]}/refund`, { note: 'Sent back to the payer' }),
  ),
  'POST /api/repayments/approve-batch': row('admin', 200, ({ book }) => ({
    payload: { ids: [book.pendingRepayments.at(-1)] },
  })),
  'PUT /api/repayments/:id': row('admin', 200, ({ book }) =>
    at(`/api/repayments/${book.pendingRepayments[0]}`, { status: 'paid' }),
  ),
  'PUT /api/repayments/reject/:id': row('admin', 200, ({ book }) =>
    at(`/api/repayments/reject/${book.rejectableRepayments[0]}`, { reason: 'Code not on the statement' }),
  ),
  'POST /api/repayments/reject-batch': row('admin', 200, ({ book }) => ({
    payload: { ids: [book.rejectableRepayments.at(-1)], reason: 'Amount typed wrong' },
  })),
};

/** The row of a registered route; a HEAD route Fastify adds for a GET follows the GET's row. */
function rowOf(route: RouteKey): Row | undefined {
  const [method, url] = route.split(' ') as [string, string];
  return TABLE[route] ?? (method === 'HEAD' ? TABLE[`GET ${url}`] : undefined);
}

const REFUSED: readonly Identity[] = IDENTITIES.filter((who) => !SIGNED_IN.includes(who));

function expectedStatus({ access, status }: Row, who: Identity): number {
  if (access === 'public') return status;
  if (REFUSED.includes(who)) return 401;
  if (access === 'admin' && who !== 'admin') return 403;
  if (access === 'owner' && who === 'officerB') return 404;
  return status;
}

/** Why each refused identity is refused: each forgery must fail for its own reason. */
const REFUSAL: Partial<Record<Identity, string>> = {
  none: 'Sign in to continue: no token was sent',
  expired: 'Your session has expired. Please sign in again.',
  wrongSecret: 'Invalid token. Please sign in again.',
  algNone: 'Invalid token. Please sign in again.',
  roleTampered: 'Invalid token. Please sign in again.',
  deactivated: 'Your account is deactivated. Contact an administrator.',
  revoked: 'You have been signed out. Please sign in again.',
};

/** Routes take bodies on these methods; a refusal must come before the body is validated. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

test('every route the server registers has a row in the table, and every row a route', async (t) => {
  const staticRoot = await staticRootFor(t);
  const { routes } = await buildListingRoutes(t, { staticRoot, deployDir: join(staticRoot, 'deploy') });
  const missing = routes.filter((route) => !rowOf(route));
  assert.deepEqual(
    missing,
    [],
    `No row in the authorization table (api/src/security/authorization-matrix.test.ts) for: ${missing.join(', ')}. Add one saying who may call it.`,
  );
  const registered = new Set(routes);
  const stale = Object.keys(TABLE).filter((route) => !registered.has(route as RouteKey));
  assert.deepEqual(stale, [], `Rows for routes the server no longer registers: ${stale.join(', ')}`);
});

test('every route answers every identity as the table says', async (t) => {
  const started = Date.now();
  const staticRoot = await staticRootFor(t);
  const { testApp, routes } = await buildListingRoutes(t, {
    staticRoot,
    deployDir: join(staticRoot, 'deploy'),
    // The requests of this file are far more than a client's minute allows.
    rateLimitMax: 1_000_000,
  });
  const { app } = testApp;
  const book = await seedBook(testApp, 2);

  const unexpected: string[] = [];
  let cells = 0;
  let resent = 0;
  for (const route of routes) {
    const tableRow = rowOf(route);
    if (!tableRow) continue; // reported by the test above
    const [method, url] = route.split(' ') as ['GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
    for (const who of IDENTITIES) {
      const request = tableRow.request?.({ book, who, app }) ?? {};
      const expected = expectedStatus(tableRow, who);
      const send = async (payload: object | undefined) =>
        app.inject({
          method,
          url: request.url ?? url,
          headers: await headersOf(testApp, book, who),
          ...(payload === undefined ? {} : { payload }),
        });
      const response = await send(request.payload);
      cells += 1;
      const reason = expected === 401 && method !== 'HEAD' ? REFUSAL[who] : undefined;
      if (response.statusCode !== expected) {
        unexpected.push(
          `${route} as ${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      } else if (reason && response.json<{ message?: string }>().message !== reason) {
        unexpected.push(`${route} as ${who}: expected 401 '${reason}', got ${response.body.slice(0, 200)}`);
      }
      // A refusal says nothing about the body: the same answer for an invalid one.
      if ((expected === 401 || expected === 403) && tableRow.access !== 'public' && WITH_BODY.has(method)) {
        const invalid = await send({ unexpected: ['field'] });
        resent += 1;
        if (invalid.statusCode !== expected) {
          unexpected.push(
            `${route} as ${who} with an invalid body: expected ${expected}, got ${invalid.statusCode} ${invalid.body.slice(0, 200)}`,
          );
        }
      }
    }
  }
  t.diagnostic(
    `${routes.length} routes × ${IDENTITIES.length} identities = ${cells} cells, and ${resent} refusals sent again with an invalid body: ${unexpected.length} unexpected answers in ${Date.now() - started} ms`,
  );
  assert.deepEqual(unexpected, []);
});
