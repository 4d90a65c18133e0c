import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../../../test/helper';
import {
  applicationBody,
  applyAndApprove,
  insertCustomer,
  insertProduct,
  staff,
} from '../../../test/support/applications';

/**
 * The whole lifecycle through the HTTP layer, as the browser drives it: apply → approve →
 * disburse → record a repayment; and an M-Pesa code is one real transaction, so a code used for
 * one purpose is refused for every other (docs/product.md#money-time-and-identifiers).
 */
test('apply, approve, disburse and pay over HTTP; a code used once is refused for any other use', async (t) => {
  const ctx = await build(t);
  const { app, db } = ctx;
  const people = await staff(ctx);
  const customer = await insertCustomer(db, people.officerAId);
  const product = await insertProduct(db, {
    minAmount: '1000.00',
    maxAmount: '50000.00',
    interestRate: '10',
    durationDays: 30,
  });

  const loanId = await applyAndApprove(
    app,
    people,
    applicationBody(customer.id, product.id, { amount: 10000, mpesaCode: 'LCA1000001' }),
  );

  const disburse = (mpesaCode: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/loans/disburse/${loanId}`,
      headers: people.admin,
      payload: { mpesaCode },
    });
  // The application's deposit code cannot be reused for the disbursement.
  const reusedDeposit = await disburse('LCA1000001');
  assert.equal(reusedDeposit.statusCode, 409);
  assert.match(reusedDeposit.json().message, /LCA1000001/);
  assert.equal((await disburse('lca1000002 ')).statusCode, 200, 'lower case and spaces are normalised');

  const pay = (mpesaCode: string, amount = 2750) =>
    app.inject({
      method: 'POST',
      url: '/api/loans/loan-payment',
      headers: people.officerA,
      payload: { loanId, amount, mpesaCode, method: 'mpesa' },
    });
  // Neither the deposit nor the disbursement code can be a repayment.
  for (const code of ['LCA1000001', 'LCA1000002']) {
    const reused = await pay(code);
    assert.equal(reused.statusCode, 409, code);
    assert.match(reused.json().message, new RegExp(code));
  }
  const paid = await pay('LCA1000003');
  assert.equal(paid.statusCode, 201, paid.body);
  // A repayment's code cannot be a new application's deposit either.
  const other = await insertCustomer(db, people.officerAId, 'Akinyi');
  const reusedRepayment = await app.inject({
    method: 'POST',
    url: '/api/loansApplication',
    headers: people.officerA,
    payload: applicationBody(other.id, product.id, { mpesaCode: 'LCA1000003' }),
  });
  assert.equal(reusedRepayment.statusCode, 409);

  const detail = await app.inject({ url: `/api/loans/${loanId}`, headers: people.officerA });
  assert.equal(detail.statusCode, 200, detail.body);
  const loan = detail.json();
  assert.equal(loan.status, 'active');
  assert.equal(loan.device_status, 'active');
  assert.equal(loan.total_amount, 11000);
  assert.equal(loan.installments_sum, 11000);
  assert.equal(loan.paid_amount, 0, 'a recorded repayment counts once it is approved');

  const repayments = await app.inject({ url: `/api/loans/repayments/${loanId}`, headers: people.officerA });
  assert.equal(repayments.json()[0].transaction_code, 'LCA1000003');
  assert.equal(repayments.json()[0].status, 'pending');

  // Another officer's book does not contain this loan.
  assert.equal((await app.inject({ url: `/api/loans/${loanId}`, headers: people.officerB })).statusCode, 404);
});
