import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import type { BatchDecisionResponse } from '@lender/shared/contract/batch-decisions';
import { auditLog, loans, repayments } from '../../db/schema';
import { buildSignedIn, fixtureDisbursedLoan, fixtureUser, recordRepayment } from '../../../test/fixtures';
import { authHeader } from '../../../test/helper';

const URL = '/api/repayments/approve-batch';

/** Officers A and B, the first admin, and `loanCount` disbursed loans (11,000 each) in A's book. */
async function setup(t: TestContext, loanCount = 1) {
  const ctx = await buildSignedIn(t);
  const { app, db, officerA, admin } = ctx;
  const loanIds: number[] = [];
  for (let i = 0; i < loanCount; i += 1)
    loanIds.push((await fixtureDisbursedLoan(app, db, officerA.id, admin)).id);
  const batch = async (payload: unknown, headers = admin) =>
    app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
  const paidAmount = async (loanId: number) => {
    const [row] = await db.select({ paid: loans.paidAmount }).from(loans).where(eq(loans.id, loanId));
    return row?.paid;
  };
  return { ...ctx, loanIds, batch, paidAmount };
}

test('approve-batch: every pending repayment approved on its own, in the order asked, each audited', async (t) => {
  const { app, db, asA, loanIds, batch, paidAmount } = await setup(t, 2);
  const [first = 0, second = 0] = loanIds;
  const ids = [
    await recordRepayment(app, first, 1000, asA),
    await recordRepayment(app, second, 2500, asA),
    await recordRepayment(app, first, 500, asA),
  ];
  const response = await batch({ ids });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json<BatchDecisionResponse>().results, [
    { id: ids[0], ok: true, message: 'Repayment approved successfully!' },
    { id: ids[1], ok: true, message: 'Repayment approved successfully!' },
    { id: ids[2], ok: true, message: 'Repayment approved successfully!' },
  ]);
  const stored = await db.select().from(repayments).where(inArray(repayments.id, ids));
  assert.ok(stored.every((r) => r.status === 'paid' && r.approvedAt !== null));
  assert.equal(await paidAmount(first), '1500.00');
  assert.equal(await paidAmount(second), '2500.00');
  const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'repayment.approved'));
  assert.deepEqual(audit.map((a) => Number(a.entityId)).sort(), [...ids].sort());
});

test('approve-batch: each refusal says why and leaves the others approved', async (t) => {
  const { app, db, asA, asB, officerB, admin, loanIds, batch, paidAmount } = await setup(t);
  const [loanId = 0] = loanIds;
  const done = await recordRepayment(app, loanId, 100, asA);
  assert.equal((await batch({ ids: [done] })).statusCode, 200);
  const big = await recordRepayment(app, loanId, 8000, asA);
  const tooMuch = await recordRepayment(app, loanId, 5000, asA);
  const other = await fixtureDisbursedLoan(app, db, officerB.id, admin);
  const ofB = await recordRepayment(app, other.id, 300, asB);

  const response = await batch({ ids: [done, big, 999_999, tooMuch, ofB] });
  assert.equal(response.statusCode, 200, response.body);
  const results = response.json<BatchDecisionResponse>().results;
  assert.deepEqual(
    results.map((r) => [r.id, r.ok]),
    [
      [done, false],
      [big, true],
      [999_999, false],
      [tooMuch, false],
      [ofB, true],
    ],
  );
  assert.equal(results[0]?.message, 'This repayment has already been approved');
  assert.equal(results[2]?.message, 'Repayment 999999 not found');
  // The balance left after the 8,000 approved just before it in the same batch.
  assert.match(results[3]?.message ?? '', /2,900\.00/);
  const [left] = await db.select().from(repayments).where(eq(repayments.id, tooMuch));
  assert.equal(left?.status, 'pending');
  assert.equal(await paidAmount(loanId), '8100.00');
  assert.equal(await paidAmount(other.id), '300.00');
});

test('approve-batch: two admins approving the same 25 repayments at once approve each exactly once', async (t) => {
  const { app, db, asA, admin, loanIds, batch, paidAmount } = await setup(t, 5);
  const second = await fixtureUser(db, 'admin', 'Second');
  const secondAdmin = await authHeader(app, second.email, second.password);
  const ids: number[] = [];
  for (const loanId of loanIds) {
    for (let i = 1; i <= 5; i += 1) ids.push(await recordRepayment(app, loanId, 100 * i, asA));
  }
  assert.equal(ids.length, 25);

  // One admin from the top of the page, the other from the bottom: they meet in the middle.
  const [one, two] = await Promise.all([
    batch({ ids }, admin),
    batch({ ids: [...ids].reverse() }, secondAdmin),
  ]);
  assert.equal(one.statusCode, 200, one.body);
  assert.equal(two.statusCode, 200, two.body);
  const results = [
    ...one.json<BatchDecisionResponse>().results,
    ...two.json<BatchDecisionResponse>().results,
  ];
  assert.equal(results.length, 50);
  for (const id of ids) {
    const mine = results.filter((r) => r.id === id);
    assert.deepEqual(mine.map((r) => r.ok).sort(), [false, true], `repayment ${id}: ${JSON.stringify(mine)}`);
    assert.equal(mine.find((r) => !r.ok)?.message, 'This repayment has already been approved');
  }
  // 100 + 200 + 300 + 400 + 500 on each loan, counted once.
  for (const loanId of loanIds) assert.equal(await paidAmount(loanId), '1500.00');
  const stored = await db.select().from(repayments).where(inArray(repayments.id, ids));
  assert.ok(stored.every((r) => r.status === 'paid'));
  const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'repayment.approved'));
  assert.equal(audit.length, 25);
  assert.deepEqual(new Set(audit.map((a) => a.entityId)).size, 25);
});

test('approve-batch: a bad list is a 400 naming what is wrong, and nothing is approved', async (t) => {
  const { app, db, asA, loanIds, batch } = await setup(t);
  const [loanId = 0] = loanIds;
  const id = await recordRepayment(app, loanId, 100, asA);
  const refused = async (payload: unknown, field: string, msg: RegExp) => {
    const response = await batch(payload);
    assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
    const body = response.json<{ message: string; errors: { field: string; msg: string }[] }>();
    assert.ok(
      body.errors.some((e) => e.field === field && msg.test(e.msg)),
      `${JSON.stringify(payload)}: ${response.body}`,
    );
  };
  await refused({ ids: [] }, 'ids', /Choose at least one repayment/);
  await refused({}, 'ids', /repayment ids/);
  await refused({ ids: id }, 'ids', /list of repayment ids/);
  await refused({ ids: [id, id] }, 'ids.1', new RegExp(`Repayment ${id} is listed more than once`));
  await refused({ ids: [id, 'abc'] }, 'ids.1', /Repayment id must be a number/);
  await refused({ ids: [id, 1.5] }, 'ids.1', /whole number/);
  await refused({ ids: [id, -3] }, 'ids.1', /greater than 0/);
  await refused({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids', /At most 100 repayments/);
  const [stored] = await db.select().from(repayments).where(eq(repayments.id, id));
  assert.equal(stored?.status, 'pending');
});

test('approve-batch: only admins may approve', async (t) => {
  const { app, db, asA, loanIds, batch } = await setup(t);
  const id = await recordRepayment(app, loanIds[0] ?? 0, 100, asA);
  const response = await batch({ ids: [id] }, asA);
  assert.equal(response.statusCode, 403, response.body);
  const unsigned = await app.inject({ method: 'POST', url: URL, payload: { ids: [id] } });
  assert.equal(unsigned.statusCode, 401);
  const [stored] = await db.select().from(repayments).where(eq(repayments.id, id));
  assert.equal(stored?.status, 'pending');
});

test('the batch decisions are documented in the OpenAPI with their limits', async (t) => {
  const { app } = await buildSignedIn(t);
  const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  assert.equal(response.statusCode, 200);
  const doc = response.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
  const bodyOf = (path: string) => {
    const post = doc.paths[path]?.post as
      | {
          summary: string;
          requestBody: {
            content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
          };
          responses: Record<string, unknown>;
        }
      | undefined;
    assert.ok(post, path);
    assert.match(post.summary, /each item is decided on its own/i);
    assert.ok(post.responses['200'] && post.responses['400'] && post.responses['403'], path);
    return post.requestBody.content['application/json'].schema.properties;
  };
  for (const path of ['/api/repayments/approve-batch', '/api/loansApplication/approve-batch']) {
    assert.deepEqual(
      (({ minItems, maxItems }) => ({ minItems, maxItems }))(bodyOf(path).ids as Record<string, unknown>),
      { minItems: 1, maxItems: 100 },
      path,
    );
  }
  const items = bodyOf('/api/loans/disburse-batch').items as {
    maxItems: number;
    items: { properties: object };
  };
  assert.equal(items.maxItems, 100);
  assert.deepEqual(Object.keys(items.items.properties).sort(), ['id', 'mpesaCode']);
});
