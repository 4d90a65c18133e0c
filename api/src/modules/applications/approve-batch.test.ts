import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import type { BatchDecisionResponse } from '@lender/shared/contract/batch-decisions';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { auditLog, loanApplications, loanProducts, loans } from '../../db/schema';
import { buildSignedIn, fixtureApplication, fixtureCustomer, fixtureUser } from '../../../test/fixtures';
import { authHeader } from '../../../test/helper';

const URL = '/api/loansApplication/approve-batch';

async function setup(t: TestContext) {
  const ctx = await buildSignedIn(t);
  const { app, db, officerA, admin } = ctx;
  /** A pending application of a new customer of officer A's, for `principal`. */
  const apply = async (principal: string) => {
    const customer = await fixtureCustomer(db, officerA.id);
    return (await fixtureApplication(db, customer.id, officerA.id, { principal })).application;
  };
  const batch = async (payload: unknown, headers = admin) =>
    app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
  return { ...ctx, apply, batch };
}

test('approve-batch: each application approved at the amount applied for, its loan pending disbursement', async (t) => {
  const { db, apply, batch } = await setup(t);
  const first = await apply('12000.00');
  const second = await apply('8500.50');
  const response = await batch({ ids: [first.id, second.id] });
  assert.equal(response.statusCode, 200, response.body);
  const results = response.json<BatchDecisionResponse>().results;
  assert.deepEqual(
    results.map((r) => [r.id, r.ok]),
    [
      [first.id, true],
      [second.id, true],
    ],
  );
  const created = await db
    .select()
    .from(loans)
    .where(inArray(loans.applicationId, [first.id, second.id]));
  const principalOf = (applicationId: number) => created.find((l) => l.applicationId === applicationId);
  assert.equal(principalOf(first.id)?.principal, '12000.00');
  assert.equal(principalOf(second.id)?.principal, '8500.50');
  assert.ok(created.every((l) => l.status === 'pending_disbursement'));
  assert.equal(
    results[0]?.message,
    `Loan application approved: paybill account number ${encodeAccountNumber(principalOf(first.id)?.id ?? 0)}`,
  );
  const decided = await db
    .select()
    .from(loanApplications)
    .where(inArray(loanApplications.id, [first.id, second.id]));
  assert.ok(decided.every((a) => a.status === 'approved'));
  const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'loan_application.approved'));
  assert.equal(audit.length, 2);
});

test('approve-batch: a decided application and one over its product maximum are refused with their reasons', async (t) => {
  const { db, apply, batch } = await setup(t);
  const fine = await apply('10000.00');
  const decided = await apply('10000.00');
  assert.equal((await batch({ ids: [decided.id] })).statusCode, 200);
  const tooBig = await apply('10000.00');
  await db.update(loanProducts).set({ maxAmount: '5000.00' }).where(eq(loanProducts.id, tooBig.productId));

  const response = await batch({ ids: [decided.id, tooBig.id, fine.id, 424_242] });
  assert.equal(response.statusCode, 200, response.body);
  const results = response.json<BatchDecisionResponse>().results;
  assert.deepEqual(
    results.map((r) => r.ok),
    [false, false, true, false],
  );
  assert.match(results[0]?.message ?? '', /already/i);
  assert.match(results[1]?.message ?? '', /cannot be more than Ksh 5,000\.00/);
  assert.match(results[3]?.message ?? '', /not found/);
  const [left] = await db.select().from(loanApplications).where(eq(loanApplications.id, tooBig.id));
  assert.equal(left?.status, 'pending');
  assert.equal((await db.select().from(loans).where(eq(loans.applicationId, tooBig.id))).length, 0);
});

test('approve-batch: two admins approving the same applications at once create one loan each', async (t) => {
  const { app, db, apply, batch, admin } = await setup(t);
  const second = await fixtureUser(db, 'admin', 'Second');
  const secondAdmin = await authHeader(app, second.email, second.password);
  const ids: number[] = [];
  for (let i = 0; i < 10; i += 1) ids.push((await apply('10000.00')).id);
  const answers = await Promise.all([batch({ ids }, admin), batch({ ids: [...ids].reverse() }, secondAdmin)]);
  const results = answers.flatMap((a) => {
    assert.equal(a.statusCode, 200, a.body);
    return a.json<BatchDecisionResponse>().results;
  });
  for (const id of ids)
    assert.equal(results.filter((r) => r.id === id && r.ok).length, 1, `application ${id}`);
  assert.equal((await db.select().from(loans).where(inArray(loans.applicationId, ids))).length, 10);
});

test('approve-batch: bad lists are a 400 naming the problem; officers are refused', async (t) => {
  const { apply, batch, asA } = await setup(t);
  const { id } = await apply('10000.00');
  const cases: [unknown, string, RegExp][] = [
    [{ ids: [] }, 'ids', /Choose at least one application/],
    [{ ids: [id, id] }, 'ids.1', /listed more than once/],
    [{ ids: ['x'] }, 'ids.0', /Application id must be a number/],
    [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids', /At most 100/],
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
  assert.equal((await batch({ ids: [id] }, asA)).statusCode, 403);
});
