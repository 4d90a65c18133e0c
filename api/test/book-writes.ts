/**
 * The writes the summary tests (dashboard.test.ts, reports/summary.test.ts) make through the API:
 * a loan pending disbursement in an officer's book (a fixture), disbursing it, recording a
 * repayment as its officer and approving it as the admin. Each call must succeed. And the loans
 * changing officer (moveLoans).
 */
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { loans } from '../src/db/schema';
import { fixtureCustomer, fixturePendingLoan, freshMpesaCode } from './fixtures';

type Header = { authorization: string };
type Officer = { id: number };

export function bookWrites<O extends Officer>(
  app: FastifyInstance,
  db: Database,
  signedIn: { admin: () => Promise<Header>; as: (officer: O) => Promise<Header> },
) {
  const call = async (
    method: 'PUT' | 'POST',
    url: string,
    payload: Record<string, unknown> = {},
    headers?: Header,
  ) => {
    const response = await app.inject({ method, url, headers: headers ?? (await signedIn.admin()), payload });
    assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  return {
    call,
    loan: async (officer: O, principal = '10000.00') =>
      fixturePendingLoan(db, (await fixtureCustomer(db, officer.id)).id, officer.id, { principal }),
    disburse: (id: number) => call('PUT', `/api/loans/disburse/${id}`, { mpesaCode: freshMpesaCode('DB') }),
    pay: async (id: number, amount: number, officer: O) =>
      (
        await call(
          'POST',
          '/api/loans/loan-payment',
          { loanId: id, amount, mpesaCode: freshMpesaCode('RP'), method: 'mpesa' },
          await signedIn.as(officer),
        )
      ).json().id as number,
    approve: (id: number) =>
      call('PUT', `/api/repayments/${id}`, { status: 'paid', loanId: 1, amount: 1, mpesaCode: 'IGNORED' }),
  };
}

/**
 * Loans changing officer, each write followed by `check(label)`: `one` moves to officer `to`
 * ('loan moved to officer B'), then `two` to officer `from` in one statement (`twoLabel`), then a
 * transaction moving all of `from`'s loans to `to` rolls back, which must change nothing.
 */
export async function moveLoans(
  db: Database,
  moves: { one: number; two: [number, number]; from: number; to: number; twoLabel: string },
  check: (what: string) => Promise<void>,
) {
  await db.update(loans).set({ officerId: moves.to }).where(eq(loans.id, moves.one));
  await check('loan moved to officer B');
  await db
    .update(loans)
    .set({ officerId: moves.from })
    .where(sql`${loans.id} in (${moves.two[0]}, ${moves.two[1]})`);
  await check(moves.twoLabel);
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.update(loans).set({ officerId: moves.to }).where(eq(loans.officerId, moves.from));
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  await check('rolled back');
}
