/**
 * The writes the summary tests (dashboard.test.ts, reports/summary.test.ts) make through the API:
 * a loan pending disbursement in an officer's book (a fixture), disbursing it, recording a
 * repayment as its officer and approving it as the admin. Each call must succeed.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
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
