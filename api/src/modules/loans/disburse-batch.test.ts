import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import type { BatchDecisionResponse } from '@lender/shared/contract/batch-decisions';
import { auditLog, loanInstallments, loans } from '../../db/schema';
import { buildSignedIn, fixtureLoan, freshMpesaCode } from '../../../test/fixtures';

const URL = '/api/loans/disburse-batch';

async function setup(t: TestContext) {
  const ctx = await buildSignedIn(t);
  const { app, db, officerA, admin } = ctx;
  const pendingLoan = async () => fixtureLoan(db, officerA.id);
  const batch = async (payload: unknown, headers = admin) =>
    app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
  return { ...ctx, pendingLoan, batch };
}

test('disburse-batch: each loan disbursed with its own M-Pesa code, its schedule created, audited', async (t) => {
  const { db, pendingLoan, batch } = await setup(t);
  const first = await pendingLoan();
  const second = await pendingLoan();
  const codes = [freshMpesaCode('BD'), freshMpesaCode('BD')];
  const response = await batch({
    items: [
      { id: first.id, mpesaCode: codes[0]?.toLowerCase() },
      { id: second.id, mpesaCode: codes[1] },
    ],
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json<BatchDecisionResponse>().results, [
    { id: first.id, ok: true, message: 'Loan disbursed successfully' },
    { id: second.id, ok: true, message: 'Loan disbursed successfully' },
  ]);
  const rows = await db
    .select()
    .from(loans)
    .where(inArray(loans.id, [first.id, second.id]));
  assert.deepEqual(rows.map((r) => r.disbursementMpesaCode).sort(), [...codes].sort());
  assert.ok(rows.every((r) => r.disbursementDate !== null && r.deviceStatus === 'active'));
  assert.ok(
    (await db.select().from(loanInstallments).where(eq(loanInstallments.loanId, first.id))).length > 0,
  );
  assert.equal((await db.select().from(auditLog).where(eq(auditLog.action, 'loan.disbursed'))).length, 2);
});

test('disburse-batch: a disbursed loan and a used code are refused with their reasons; the rest go ahead', async (t) => {
  const { db, pendingLoan, batch } = await setup(t);
  const done = await pendingLoan();
  const used = freshMpesaCode('BD');
  assert.equal((await batch({ items: [{ id: done.id, mpesaCode: used }] })).statusCode, 200);
  const reused = await pendingLoan();
  const fine = await pendingLoan();

  const response = await batch({
    items: [
      { id: done.id, mpesaCode: freshMpesaCode('BD') },
      { id: reused.id, mpesaCode: used },
      { id: fine.id, mpesaCode: freshMpesaCode('BD') },
    ],
  });
  assert.equal(response.statusCode, 200, response.body);
  const results = response.json<BatchDecisionResponse>().results;
  assert.deepEqual(
    results.map((r) => r.ok),
    [false, false, true],
  );
  assert.match(results[0]?.message ?? '', /not pending disbursement/);
  assert.match(results[1]?.message ?? '', /already/i);
  const [left] = await db.select().from(loans).where(eq(loans.id, reused.id));
  assert.equal(left?.status, 'pending_disbursement');
  assert.equal(left?.disbursementDate, null);
});

test('disburse-batch: bad items are a 400 naming the item and field; officers are refused', async (t) => {
  const { pendingLoan, batch, asA } = await setup(t);
  const a = await pendingLoan();
  const b = await pendingLoan();
  const code = freshMpesaCode('BD');
  const cases: [unknown, string, RegExp][] = [
    [{ items: [] }, 'items', /Choose at least one loan/],
    [
      {
        items: [
          { id: a.id, mpesaCode: code },
          { id: a.id, mpesaCode: freshMpesaCode('BD') },
        ],
      },
      'items.1.id',
      new RegExp(`Loan ${a.id} is listed more than once`),
    ],
    [
      {
        items: [
          { id: a.id, mpesaCode: code },
          { id: b.id, mpesaCode: code.toLowerCase() },
        ],
      },
      'items.1.mpesaCode',
      new RegExp(`M-Pesa code ${code} is given for more than one loan`),
    ],
    [{ items: [{ id: a.id }] }, 'items.0.mpesaCode', /M-Pesa code/],
    [{ items: [{ id: a.id, mpesaCode: 'short' }] }, 'items.0.mpesaCode', /10 letters and digits/],
    [{ items: [{ id: 'one', mpesaCode: code }] }, 'items.0.id', /Loan id must be a number/],
    [
      { items: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, mpesaCode: freshMpesaCode('BX') })) },
      'items',
      /At most 100 loans/,
    ],
  ];
  for (const [payload, field, msg] of cases) {
    const response = await batch(payload);
    assert.equal(response.statusCode, 400, response.body);
    const { errors } = response.json<{ errors: { field: string; msg: string }[] }>();
    assert.ok(
      errors.some((e) => e.field === field && msg.test(e.msg)),
      response.body,
    );
  }
  assert.equal((await batch({ items: [{ id: a.id, mpesaCode: code }] }, asA)).statusCode, 403);
});
