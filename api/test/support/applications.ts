/**
 * Fixtures of the applications tests: staff, customers in an officer's book and products written
 * straight to the database, valid IMEIs and M-Pesa codes, and the application form.
 */
import assert from 'node:assert/strict';
import type { Database } from '../../src/db/client';
import { loanProducts } from '../../src/db/schema';
import { ADMIN, authHeader, createUser, type TestApp } from '../helper';
import { passesLuhn } from '@lender/shared/contract/validators';
import { fixtureCustomer, freshMpesaCode } from '../fixtures';

type Headers = Record<string, string>;

let counter = 0;
const next = () => (counter += 1);

/** A 15-digit IMEI with a valid Luhn check digit, different on every call. */
export function validImei(): string {
  const body = `35${String(next()).padStart(12, '0')}`;
  for (let digit = 0; digit <= 9; digit += 1) {
    if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('unreachable');
}

export interface Staff {
  admin: Headers;
  officerA: Headers;
  officerB: Headers;
  adminId: number;
  officerAId: number;
  officerBId: number;
}

export async function staff({ app, db }: TestApp): Promise<Staff> {
  const a = await createUser(db, { email: 'a@lender.local', password: 'OfficerA123!', role: 'officer' });
  const b = await createUser(db, { email: 'b@lender.local', password: 'OfficerB123!', role: 'officer' });
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const adminRow = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, ADMIN.email) });
  return {
    admin,
    officerA: await authHeader(app, 'a@lender.local', 'OfficerA123!'),
    officerB: await authHeader(app, 'b@lender.local', 'OfficerB123!'),
    adminId: adminRow?.id ?? 0,
    officerAId: a.id,
    officerBId: b.id,
  };
}

/** A customer in `officerId`'s book (fixtureCustomer) earning Ksh 25,000 a month. */
export const insertCustomer = (db: Database, officerId: number, firstName = 'Wanjiku') =>
  fixtureCustomer(db, officerId, { firstName }, { monthlyIncome: '25000.00' });

/** Phone Plus: Ksh 5,000–50,000, 10 % for 30 days. */
export async function insertProduct(db: Database, terms: Partial<typeof loanProducts.$inferInsert> = {}) {
  const [row] = await db
    .insert(loanProducts)
    .values({
      name: `Phone Plus`,
      minAmount: '5000.00',
      maxAmount: '50000.00',
      interestRate: '10.00',
      durationDays: 30,
      ...terms,
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/** A valid application body for the customer and product. */
export const applicationBody = (
  customerId: number,
  productId: number,
  overrides: Record<string, unknown> = {},
) => ({
  amount: 10000,
  purpose: 'Phone for the business',
  mpesaCode: freshMpesaCode('QAP'),
  productId,
  customerId,
  installmentType: 'weekly',
  officerId: 999,
  imei: validImei(),
  model: 'Tecno Spark 20',
  ...overrides,
});

/**
 * Applies with `body` as `people.officerA` and approves for `disbursedAmount` as `people.admin`
 * (POST /api/loansApplication, PUT /api/loansApplication/approve/:id), each checked; returns the
 * loan's id.
 */
export async function applyAndApprove(
  app: TestApp['app'],
  people: Pick<Staff, 'admin' | 'officerA'>,
  body: ReturnType<typeof applicationBody>,
  disbursedAmount = 10000,
): Promise<number> {
  const applied = await app.inject({
    method: 'POST',
    url: '/api/loansApplication',
    headers: people.officerA,
    payload: body,
  });
  assert.equal(applied.statusCode, 201, applied.body);
  const approved = await app.inject({
    method: 'PUT',
    url: `/api/loansApplication/approve/${applied.json().id}`,
    headers: people.admin,
    payload: { disbursedAmount },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  return approved.json<{ loan_id: number }>().loan_id;
}
