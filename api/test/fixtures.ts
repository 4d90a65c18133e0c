/**
 * Fixtures shared by the API tests, written straight to the database: staff, a customer in an
 * officer's book, a product, an approved application and its loan in pending_disbursement.
 * Add to this file; do not change what others use.
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '@lender/shared/domain/roles';
import type { Database } from '../src/db/client';
import { customers, loanApplications, loanProducts, loans, mpesaCodes, repayments } from '../src/db/schema';
import { computeLoanTotals } from '../src/domain/loan-engine';
import { formatCents, toCents } from '@lender/shared/domain/cents';
import { findUserByEmail } from '../src/modules/users/repository';
import { ADMIN, authHeader, build, createUser, MPESA_TEST_SECRET, TEST_START } from './helper';

let counter = 0;
const next = () => (counter += 1);

/** A fresh valid M-Pesa code (10 upper-case letters and digits), unique within the test process. */
export const freshMpesaCode = (prefix = 'FX') =>
  `${prefix}${String(next()).padStart(10 - prefix.length, '0')}`;

/** A user with a password of 'Password123!' and the given role. */
export async function fixtureUser(db: Database, role: Role, name = `${role}${next()}`) {
  const email = `${name.toLowerCase()}@lender.test`;
  const user = await createUser(db, {
    email,
    password: 'Password123!',
    role,
    firstName: name,
    lastName: 'Staff',
  });
  return { ...user, email, password: 'Password123!' };
}

/** The first admin created by build(). */
export async function firstAdmin(db: Database) {
  const admin = await findUserByEmail(db, ADMIN.email);
  if (!admin) throw new Error('The first admin is missing');
  return admin;
}

/** A customer in `officerId`'s book (`more`: other columns, such as a monthly income). */
export async function fixtureCustomer(
  db: Database,
  officerId: number,
  name: { firstName?: string; lastName?: string } = {},
  more: Partial<typeof customers.$inferInsert> = {},
) {
  const n = next();
  const [customer] = await db
    .insert(customers)
    .values({
      firstName: name.firstName ?? 'Wanjiku',
      lastName: name.lastName ?? `Kamau${n}`,
      phone: `+2547${String(10_000_000 + n).slice(-8)}`,
      nationalId: String(20_000_000 + n),
      county: 'Nairobi',
      occupation: 'Trader',
      address: 'Gikomba Market',
      createdBy: officerId,
      createdAt: TEST_START,
      updatedAt: TEST_START,
      ...more,
    })
    .returning();
  if (!customer) throw new Error('Insert returned no row');
  return customer;
}

export interface LoanFixtureTerms {
  principal?: string;
  interestRate?: string;
  durationDays?: number;
}

/**
 * A product and an application for it (pending unless `status` says otherwise) for the customer,
 * in `officerId`'s book, with its deposit's M-Pesa code recorded and an IMEI of its own.
 */
export async function fixtureApplication(
  db: Database,
  customerId: number,
  officerId: number,
  terms: LoanFixtureTerms = {},
  status: 'pending' | 'approved' = 'pending',
) {
  const principal = terms.principal ?? '10000.00';
  const interestRate = terms.interestRate ?? '10.00';
  const durationDays = terms.durationDays ?? 28;
  const n = next();
  const [product] = await db
    .insert(loanProducts)
    .values({
      name: `Fixture phone plan ${n}`,
      minAmount: '1000.00',
      maxAmount: '100000.00',
      interestRate,
      durationDays,
    })
    .returning();
  const deposit = freshMpesaCode('DP');
  await db
    .insert(mpesaCodes)
    .values({ code: deposit, usedFor: 'application_deposit', recordedAt: TEST_START });
  const imei = `35${String(n).padStart(13, '0')}`;
  const [application] = await db
    .insert(loanApplications)
    .values({
      customerId,
      productId: product?.id ?? 0,
      officerId,
      amount: principal,
      model: 'Tecno Spark 20',
      imei,
      mpesaCode: deposit,
      status,
      decidedAt: status === 'pending' ? null : TEST_START,
    })
    .returning();
  if (!product || !application) throw new Error('Insert returned no row');
  return { product, application };
}

/**
 * A product, an approved application and its loan (pending_disbursement) for the customer, in
 * `officerId`'s book; the totals come from the loan engine, as at approval.
 */
export async function fixturePendingLoan(
  db: Database,
  customerId: number,
  officerId: number,
  terms: LoanFixtureTerms = {},
) {
  const principal = terms.principal ?? '10000.00';
  const interestRate = terms.interestRate ?? '10.00';
  const durationDays = terms.durationDays ?? 28;
  const { product, application } = await fixtureApplication(db, customerId, officerId, terms, 'approved');
  const totals = computeLoanTotals({ principalCents: toCents(principal), interestRate, durationDays });
  const [loan] = await db
    .insert(loans)
    .values({
      applicationId: application.id,
      customerId,
      productId: product.id,
      officerId,
      productName: product.name,
      interestRate,
      durationDays,
      appliedAmount: principal,
      principal,
      totalInterest: formatCents(totals.totalInterestCents),
      totalAmount: formatCents(totals.totalAmountCents),
      installmentCount: totals.installmentCount,
      installmentAmount: formatCents(totals.installmentAmountCents),
      remainingBalance: formatCents(totals.totalAmountCents),
      model: application.model,
      imei: application.imei,
      approvedAt: TEST_START,
    })
    .returning();
  if (!loan) throw new Error('Insert returned no row');
  return loan;
}

/** A customer in `officerId`'s book (named as told) and a loan of theirs pending disbursement. */
export async function fixtureLoan(
  db: Database,
  officerId: number,
  terms: LoanFixtureTerms = {},
  name: Parameters<typeof fixtureCustomer>[2] = {},
) {
  const customer = await fixtureCustomer(db, officerId, name);
  return fixturePendingLoan(db, customer.id, officerId, terms);
}

/**
 * A repayment written straight to the database (paid unless `row` says otherwise), with its
 * M-Pesa code recorded at `recordedAt` (by default its approval, else TEST_START). Returns the code.
 */
export async function fixtureRepayment(
  db: Database,
  loan: { id: number; customerId: number },
  row: Omit<typeof repayments.$inferInsert, 'loanId' | 'customerId' | 'mpesaCode'>,
  recordedAt: Date = row.approvedAt ?? TEST_START,
): Promise<string> {
  const code = freshMpesaCode('RP');
  await db.insert(mpesaCodes).values({ code, usedFor: 'repayment', recordedAt });
  await db
    .insert(repayments)
    .values({ status: 'paid', ...row, loanId: loan.id, customerId: loan.customerId, mpesaCode: code });
  return code;
}

/**
 * A Daraja C2B callback body as M-Pesa posts it (strings throughout, the payer's number masked);
 * TransTime defaults to TEST_START's wall time in Nairobi (10:00 on 3 March 2025).
 */
export function c2bBody(fields: {
  account: string;
  amount: number | string;
  transId?: string;
  transTime?: string;
}) {
  return {
    TransactionType: 'Pay Bill',
    TransID: fields.transId ?? freshMpesaCode('MP'),
    TransTime: fields.transTime ?? '20250303100000',
    TransAmount: String(fields.amount),
    BusinessShortCode: '600984',
    BillRefNumber: fields.account,
    InvoiceNumber: '',
    OrgAccountBalance: '125000.00',
    ThirdPartyTransID: '',
    MSISDN: '2547 ***** 126',
    FirstName: 'John',
    MiddleName: '',
    LastName: 'Kamau',
  };
}

/** A paybill payment as Safaricom confirms it (the C2B confirmation callback), checked accepted. */
export async function confirmPaybill(
  app: FastifyInstance,
  fields: Parameters<typeof c2bBody>[0],
): Promise<void> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`,
    payload: c2bBody(fields),
  });
  assert.equal(answer.statusCode, 200, answer.body);
}

type Headers = Record<string, string>;
/** Headers, or a function that signs in again (a test whose clock moves past a session's life). */
export type HeadersOf = Headers | (() => Promise<Headers>);
const headersOf = async (as: HeadersOf): Promise<Headers> => (typeof as === 'function' ? as() : as);

/**
 * Officers Amina (A) and Brian (B), and `signIn()`, which signs in as the first admin and each
 * officer afresh (tests whose clock moves past a session's life call it again).
 */
export async function fixtureOfficers(app: FastifyInstance, db: Database) {
  const officerA = await fixtureUser(db, 'officer', 'Amina');
  const officerB = await fixtureUser(db, 'officer', 'Brian');
  const signIn = async () => ({
    admin: await authHeader(app, ADMIN.email, ADMIN.password),
    asA: await authHeader(app, officerA.email, officerA.password),
    asB: await authHeader(app, officerB.email, officerB.password),
  });
  return { officerA, officerB, signIn };
}

/** build(t) with fixtureOfficers on its app: officers A and B and signIn() come with the context. */
export async function buildWithOfficers(t: TestContext) {
  const ctx = await build(t);
  return { ...ctx, ...(await fixtureOfficers(ctx.app, ctx.db)) };
}

/**
 * buildWithOfficers, signed in once: `admin`, `asA` and `asB` are the first admin's and each
 * officer's headers (for tests whose clock stays within a session's life).
 */
export async function buildSignedIn(t: TestContext) {
  const ctx = await buildWithOfficers(t);
  return { ...ctx, ...(await ctx.signIn()) };
}

/** Disburses a loan pending disbursement as an admin (PUT /api/loans/disburse/:id), checked 200. */
export async function disburseLoan(app: FastifyInstance, loanId: number, admin: HeadersOf): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/loans/disburse/${loanId}`,
    headers: await headersOf(admin),
    payload: { mpesaCode: freshMpesaCode('DB') },
  });
  assert.equal(response.statusCode, 200, response.body);
}

/**
 * A customer's loan (fixtureLoan) disbursed as an admin at the clock's current time; the row is
 * the loan as it stood pending disbursement.
 */
export async function fixtureDisbursedLoan(
  app: FastifyInstance,
  db: Database,
  officerId: number,
  admin: HeadersOf,
  terms: LoanFixtureTerms = {},
  name: Parameters<typeof fixtureCustomer>[2] = {},
) {
  const loan = await fixtureLoan(db, officerId, terms, name);
  await disburseLoan(app, loan.id, admin);
  return loan;
}

/** A pending M-Pesa repayment recorded by the loan's officer (or an admin), checked 201; returns its id. */
export async function recordRepayment(
  app: FastifyInstance,
  loanId: number,
  amount: number,
  as: HeadersOf,
  mpesaCode = freshMpesaCode('RP'),
): Promise<number> {
  const recorded = await app.inject({
    method: 'POST',
    url: '/api/loans/loan-payment',
    headers: await headersOf(as),
    payload: { loanId, amount, mpesaCode, method: 'mpesa' },
  });
  assert.equal(recorded.statusCode, 201, recorded.body);
  return recorded.json<{ id: number }>().id;
}

/**
 * A repayment recorded by the officer (M-Pesa) and approved by an admin, through the API: the
 * loan's balance and schedule move as a paid repayment moves them. Returns the repayment's id.
 */
export async function payAndApprove(
  app: FastifyInstance,
  loanId: number,
  amount: number,
  as: { officer: HeadersOf; admin: HeadersOf },
): Promise<number> {
  const id = await recordRepayment(app, loanId, amount, as.officer);
  const approved = await app.inject({
    method: 'PUT',
    url: `/api/repayments/${id}`,
    headers: await headersOf(as.admin),
    payload: { status: 'paid' },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  return id;
}

/**
 * A signed file URL (…?exp=…&sig=…) is refused, 403 Forbidden, without its query, and with its
 * expiry moved an hour on under the same signature.
 */
export async function assertSignatureChecked(app: FastifyInstance, signedUrl: string): Promise<void> {
  const url = new URL(signedUrl, 'http://localhost');
  const unsigned = await app.inject({ method: 'GET', url: url.pathname });
  assert.equal(unsigned.statusCode, 403);
  assert.equal(unsigned.json().error, 'Forbidden');
  const later = Number(url.searchParams.get('exp')) + 3600;
  const tampered = await app.inject({
    method: 'GET',
    url: `${url.pathname}?exp=${later}&sig=${url.searchParams.get('sig')}`,
  });
  assert.equal(tampered.statusCode, 403);
}

/** The transaction that last wrote the row `where` picks in `table` (PostgreSQL's xmin), as text. */
export async function writtenBy(db: Database, table: PgTable, where: SQL | undefined) {
  const [row] = await db
    .select({ xmin: sql<string>`xmin::text` })
    .from(table)
    .where(where);
  return row?.xmin;
}

/**
 * Each query (→ the field it gets wrong), sent to `path` with `headers`, is a 400 whose first error
 * names that field: what a list refuses (an unknown sort or order, a malformed or backwards range).
 */
export async function assertQueriesRefused(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
  refused: Record<string, string>,
): Promise<void> {
  for (const [query, field] of Object.entries(refused)) {
    const response = await app.inject({ url: `${path}?${query}`, headers });
    assert.equal(response.statusCode, 400, query);
    const body = response.json<{ errors?: { field: string }[] }>();
    assert.equal(body.errors?.[0]?.field, field, `${query}: ${response.body}`);
  }
}

/**
 * One column of each row of a list's page (GET `url`, checked 200), in the list's order: what a
 * sort or filter test compares.
 */
export async function listed(
  app: FastifyInstance,
  url: string,
  headers: HeadersOf,
  column: string,
): Promise<string[]> {
  const response = await app.inject({ url, headers: await headersOf(headers) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: Record<string, unknown>[] }>().data.map((row) => String(row[column]));
}

/**
 * Makes every insert into `table` fail from now until the returned function is called: a crash
 * between a change and the outbox row that reports it, as the database sees it (an error inside the
 * change's transaction). The tests check that the change is then not written either.
 */
export async function failInsertsInto(db: Database, table: string): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`create or replace function test_fail_insert() returns trigger language plpgsql as $$
      begin raise exception 'injected failure: no insert into %', tg_table_name; end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger test_fail_insert before insert on "${table}" for each row execute function test_fail_insert()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger test_fail_insert on "${table}"`));
  };
}
