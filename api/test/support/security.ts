/**
 * Support of the security tests (authorization-matrix.test.ts, write-fuzz.test.ts): the routes a
 * built server registers, the identities requests are made as (valid, forged and dead tokens),
 * and a real book seeded through the fixtures and the API, so that ids point at real rows.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { rm } from 'node:fs/promises';
import type { TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { passesLuhn } from '@lender/shared/contract/validators';
import type { Role } from '@lender/shared/domain/roles';
import { files, mpesaPayments, signInThrottles, users } from '../../src/db/schema';
import { customerForm, minimalFields } from './customers';
import { ADMIN, build, login, type TestApp } from '../helper';
import { tempFolderWith } from '../temp-folder';
import {
  confirmPaybill,
  firstAdmin,
  fixtureCustomer,
  fixturePendingLoan,
  fixtureUser,
  freshMpesaCode,
} from '../fixtures';
import type { Config } from '../../src/config';

// Routes -------------------------------------------------------------------------------------------

/** A route as registered: `GET /api/loans/:id`. HEAD routes Fastify adds for each GET are listed too. */
export type RouteKey = `${string} ${string}`;

/**
 * Builds the app and lists every route it registers, with the query schema of those that have one. Fastify announces each new instance on the
 * `fastify.initialization` diagnostics channel before any plugin runs, so an onRoute hook added
 * there sees every route, with no hook option in buildApp.
 */
export async function buildListingRoutes(
  t: TestContext,
  overrides: Partial<Config> = {},
): Promise<{ testApp: TestApp; routes: RouteKey[]; querySchemas: Map<RouteKey, unknown> }> {
  const routes = new Set<RouteKey>();
  const querySchemas = new Map<RouteKey, unknown>();
  const initialization = channel('fastify.initialization');
  const listen = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        routes.add(`${method} ${route.url}`);
        if (route.schema?.querystring) querySchemas.set(`${method} ${route.url}`, route.schema.querystring);
      }
    });
  };
  initialization.subscribe(listen);
  try {
    const testApp = await build(t, overrides);
    return { testApp, routes: [...routes].sort(), querySchemas };
  } finally {
    initialization.unsubscribe(listen);
  }
}

/**
 * A pretend production build of the shell and one remote, so that the static routes (/, /signin,
 * /remotes/<folder>/) are registered as in production. Removed when the test ends.
 */
export async function staticRootFor(t: TestContext): Promise<string> {
  const root = await tempFolderWith('lender-security-static-', {
    'shell/dist/index.html': '<!doctype html><title>Lender</title>',
    'shell/dist/signin.html': '<!doctype html><h1>Sign In</h1>',
    'mf-customers/dist/remoteEntry.js': 'var mf_customers;',
    // A remote deployed on its own (npm run deploy); DEPLOY_DIR defaults to <STATIC_ROOT>/deploy.
    'deploy/mf-customers/v1/remoteEntry.js': 'var mf_customers;',
  });
  t.after(() => rm(root, { recursive: true, force: true }));
  return root;
}

// Identities ---------------------------------------------------------------------------------------

/**
 * Who a request is made as. The first seven must be refused on every non-public route: no token,
 * an expired one, one signed with another secret, an unsigned (`alg: none`) one, officer A's token
 * with its role claim changed to admin (its signature no longer matches), the token of a
 * deactivated user, and one issued before its user signed out. The forged ones claim an admin.
 * Officer B runs before officer A, so each request B makes would succeed for A.
 */
export const IDENTITIES = [
  'none',
  'expired',
  'wrongSecret',
  'algNone',
  'roleTampered',
  'deactivated',
  'revoked',
  'officerB',
  'officerA',
  'admin',
] as const;
export type Identity = (typeof IDENTITIES)[number];
export type SignedIn = 'officerA' | 'officerB' | 'admin';
export const SIGNED_IN: readonly Identity[] = ['officerB', 'officerA', 'admin'];

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 JWT signed with `secret`, or an unsigned one (`alg: none`) when the secret is null. */
function signJwt(payload: object, secret: string | null): string {
  const unsigned = `${base64url({ alg: secret === null ? 'none' : 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return secret === null
    ? `${unsigned}.`
    : `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

// The book -----------------------------------------------------------------------------------------

export interface StaffMember {
  id: number;
  email: string;
  password: string;
  role: Role;
}

/** What seedBook made; every list holds `size` ids unless said otherwise, all in officer A's book. */
export interface Book {
  admin: StaffMember;
  officerA: StaffMember;
  officerB: StaffMember;
  /** An admin whose token was taken before they signed out. */
  signedOut: StaffMember & { token: string };
  /** An admin deactivated by the first admin. */
  deactivated: StaffMember;
  /** An officer whose right password the sign-in route is sent. */
  signIn: StaffMember;
  /** Active officers for the user-management routes (2 × size). */
  spareUsers: number[];
  /** Deactivated officers, for reactivation. */
  inactiveUsers: number[];
  /** Customers with no application or loan (3 × size). */
  customers: number[];
  /** A customer of officer B's. */
  customerOfB: number;
  /** A customer registered through the API, with a stored photo. */
  customerWithPhoto: number;
  /** The key of that photo. */
  fileKey: string;
  /** A loan product open to 1,000–100,000. */
  productId: number;
  /** Loans approved, awaiting disbursement. */
  pendingLoans: number[];
  /** Disbursed loans past their first due date with a repayment awaiting approval. */
  payingLoans: number[];
  /** Disbursed loans past their first due date (device waiting for lock), nothing pending. */
  waitingLoans: number[];
  /** Repayments awaiting approval (on payingLoans). */
  pendingRepayments: number[];
  /** More repayments awaiting a decision (on payingLoans), for the rejection routes. */
  rejectableRepayments: number[];
  /** Applications awaiting a decision (on customers of their own). */
  pendingApplications: number[];
  /** Sign-in throttles (a failed sign-in from an address: its pair and address rows). */
  throttles: number[];
  /** Paybill payments waiting in suspense (an account number that names no loan; 2 × size). */
  suspensePayments: number[];
}

let imeiCounter = 0;
/** A 15-digit IMEI with a valid Luhn check digit, different on every call. */
export function freshImei(): string {
  const body = `86${String((imeiCounter += 1)).padStart(12, '0')}`;
  const digit = [...'0123456789'].find((d) => passesLuhn(`${body}${d}`));
  return `${body}${digit}`;
}

let nationalIdCounter = 0;
/** A national ID number no fixture uses (fixtures count from 10,000,000 and 20,000,000). */
export const freshNationalId = () => String(70_000_000 + (nationalIdCounter += 1));

/** Minimal registration fields of a new customer, with a national ID and phone of their own. */
export function customerFields(): Record<string, string> {
  const id = freshNationalId();
  return minimalFields({ national_id: id, phone: `07${id.slice(-8)}` });
}

/** A new customer's registration form with a photo. */
export const newCustomerForm = () => customerForm(customerFields());

/** A valid application body for a customer of the caller's, on the product. */
export const applicationBody = (productId: number, customerId: number) => ({
  amount: 10_000,
  purpose: 'Phone for the business',
  mpesaCode: freshMpesaCode('AP'),
  productId,
  customerId,
  installmentType: 'weekly',
  imei: freshImei(),
  model: 'Tecno Spark 20',
});

/**
 * Seeds a book: staff (officers A and B, the signed-out and deactivated admins), customers, a
 * product, loans in each state, repayments and applications awaiting a decision, throttles and a
 * stored photo. Loans are disbursed on the test start and the clock moved a week on to their
 * first due date, where the ageing pass makes them overdue and waiting for lock.
 */
export async function seedBook(testApp: TestApp, size: number): Promise<Book> {
  const { app, db, clock } = testApp;
  const adminRow = await firstAdmin(db);
  const admin: StaffMember = { id: adminRow.id, email: ADMIN.email, password: ADMIN.password, role: 'admin' };
  const staff = async (role: Role, name: string): Promise<StaffMember> => {
    const { id, email, password } = await fixtureUser(db, role, name);
    return { id, email, password, role };
  };
  const officerA = await staff('officer', 'OfficerA');
  const officerB = await staff('officer', 'OfficerB');
  const signedOutStaff = await staff('admin', 'SignedOut');
  const deactivated = await staff('admin', 'Deactivated');
  const signIn = await staff('officer', 'SignIn');
  const spareUsers: number[] = [];
  for (let i = 0; i < 2 * size; i += 1) spareUsers.push((await staff('officer', `Spare${i}`)).id);
  const inactiveUsers: number[] = [];
  for (let i = 0; i < size; i += 1) {
    const { id } = await staff('officer', `Inactive${i}`);
    await db.update(users).set({ isActive: false }).where(eq(users.id, id));
    inactiveUsers.push(id);
  }

  // Through the API as officer A and the admin, tokens issued as sign-in issues them.
  const as = async (member: StaffMember) => ({
    authorization: `Bearer ${await tokenOf(testApp, member.id)}`,
  });
  const call = async (method: 'POST' | 'PUT', url: string, who: StaffMember, payload: object) => {
    const response = await app.inject({ method, url, headers: await as(who), payload });
    assert.ok(response.statusCode < 300, `seeding ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id?: number }>();
  };

  const customers: number[] = [];
  for (let i = 0; i < 3 * size; i += 1) customers.push((await fixtureCustomer(db, officerA.id)).id);
  const customerOfB = (await fixtureCustomer(db, officerB.id)).id;
  const withPhoto = await call('POST', '/api/customerNew', officerA, newCustomerForm());
  const [photo] = await db.select({ key: files.key }).from(files);
  assert.ok(withPhoto.id && photo, 'the registration stored a photo');

  const product = await call('POST', '/api/loanProducts', admin, {
    name: 'Security plan',
    minAmount: 1000,
    maxAmount: 100_000,
    interestRate: 10,
    durationDays: 28,
  });
  const productId = (product as { product?: { id: number } }).product?.id;
  assert.ok(productId);

  const loanOfA = async () =>
    (await fixturePendingLoan(db, (await fixtureCustomer(db, officerA.id)).id, officerA.id)).id;
  const pendingLoans: number[] = [];
  const payingLoans: number[] = [];
  const waitingLoans: number[] = [];
  for (let i = 0; i < size; i += 1) pendingLoans.push(await loanOfA());
  for (const list of [payingLoans, waitingLoans]) {
    for (let i = 0; i < size; i += 1) {
      const id = await loanOfA();
      await call('PUT', `/api/loans/disburse/${id}`, admin, { mpesaCode: freshMpesaCode('DB') });
      list.push(id);
    }
  }
  clock.set('2025-03-10T07:00:00Z');
  await app.runAgeing();

  const pendingRepayments: number[] = [];
  for (const loanId of payingLoans) {
    const { id } = await call('POST', '/api/loans/loan-payment', officerA, {
      loanId,
      amount: 100,
      mpesaCode: freshMpesaCode('RP'),
      method: 'mpesa',
    });
    assert.ok(id);
    pendingRepayments.push(id);
  }
  const rejectableRepayments: number[] = [];
  for (const loanId of payingLoans) {
    const { id } = await call('POST', '/api/loans/loan-payment', officerA, {
      loanId,
      amount: 100,
      mpesaCode: freshMpesaCode('RJ'),
      method: 'mpesa',
    });
    assert.ok(id);
    rejectableRepayments.push(id);
  }
  const suspensePayments: number[] = [];
  for (let i = 0; i < 2 * size; i += 1) {
    await confirmPaybill(app, { account: `NOLOAN${i}`, amount: 500, transTime: '20250310100000' });
  }
  for (const row of await db.select({ id: mpesaPayments.id }).from(mpesaPayments))
    suspensePayments.push(row.id);
  const pendingApplications: number[] = [];
  for (let i = 0; i < size; i += 1) {
    const customerId = (await fixtureCustomer(db, officerA.id)).id;
    const { id } = await call(
      'POST',
      '/api/loansApplication',
      officerA,
      applicationBody(productId, customerId),
    );
    assert.ok(id);
    pendingApplications.push(id);
  }

  // A failed sign-in from an address of its own throttles that pair and that address.
  await app.inject({
    method: 'POST',
    url: '/api/users/login',
    remoteAddress: '203.0.113.77',
    payload: { email: officerB.email, password: 'not-the-password' },
  });
  const throttles = (await db.select({ id: signInThrottles.id }).from(signInThrottles)).map((row) => row.id);
  assert.ok(throttles.length > 0, 'the failed sign-in is throttled');

  // Signed in, then signed out: the token it held is dead.
  const signedIn = await login(app, signedOutStaff.email, signedOutStaff.password);
  const token = signedIn.json<{ access_token: string }>().access_token;
  const out = await app.inject({
    method: 'POST',
    url: '/api/users/logout',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(out.statusCode, 200, out.body);
  const deactivation = await app.inject({
    method: 'POST',
    url: `/api/users/${deactivated.id}/deactivate`,
    headers: await as(admin),
  });
  assert.equal(deactivation.statusCode, 200, deactivation.body);

  return {
    admin,
    officerA,
    officerB,
    signedOut: { ...signedOutStaff, token },
    deactivated,
    signIn,
    spareUsers,
    inactiveUsers,
    customers,
    customerOfB,
    customerWithPhoto: withPhoto.id,
    fileKey: photo.key,
    productId,
    pendingLoans,
    payingLoans,
    waitingLoans,
    pendingRepayments,
    rejectableRepayments,
    pendingApplications,
    throttles,
    suspensePayments,
  };
}

/**
 * A token for the user as sign-in would issue it now, under their current session version (which
 * sign-out and password changes move on). Issuing it costs no password hash, unlike signing in.
 */
export async function tokenOf({ app, db }: TestApp, userId: number): Promise<string> {
  const [row] = await db
    .select({ role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId));
  assert.ok(row, `user ${userId} exists`);
  return app.issueToken({ id: userId, role: row.role, sessionVersion: row.sessionVersion }).token;
}

/** The authorization header of each identity, made afresh for every request (see IDENTITIES). */
export async function headersOf(
  testApp: TestApp,
  book: Book,
  who: Identity,
): Promise<Record<string, string>> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const now = Math.floor(testApp.clock.wallNow() / 1000);
  const [adminRow] = await testApp.db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, book.admin.id));
  // The admin's claims, good in every way but the one each forgery breaks.
  const adminClaims = { sub: String(book.admin.id), role: 'admin', ver: adminRow?.sessionVersion ?? 0 };
  const secret = testApp.config.jwtSecret ?? '';
  switch (who) {
    case 'none':
      return {};
    case 'expired':
      return bearer(signJwt({ ...adminClaims, iat: now - 7200, exp: now - 3600 }, secret));
    case 'wrongSecret':
      return bearer(signJwt({ ...adminClaims, iat: now, exp: now + 3600 }, `${secret}-but-another`));
    case 'algNone':
      return bearer(signJwt({ ...adminClaims, iat: now, exp: now + 3600 }, null));
    case 'roleTampered': {
      const [header, payload, signature] = (await tokenOf(testApp, book.officerA.id)).split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
      return bearer(`${header}.${base64url({ ...claims, role: 'admin' })}.${signature}`);
    }
    case 'deactivated':
      // Under the user's current session version: only the deactivation makes it invalid.
      return bearer(await tokenOf(testApp, book.deactivated.id));
    case 'revoked':
      return bearer(book.signedOut.token);
    case 'officerA':
      return bearer(await tokenOf(testApp, book.officerA.id));
    case 'officerB':
      return bearer(await tokenOf(testApp, book.officerB.id));
    case 'admin':
      return bearer(await tokenOf(testApp, book.admin.id));
  }
}
