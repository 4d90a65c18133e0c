import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { createProductResponseSchema, productListResponseSchema } from '@lender/shared/contract/products';
import type { App } from '../../app';
import { auditLog, loanProducts } from '../../db/schema';
import { ADMIN, authHeader, build, createUser } from '../../../test/helper';

/** POST /api/loanProducts: creates a product as `headers`. */
const createProduct = (app: App, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/loanProducts', headers, payload });

const OFFICER = { email: 'o@lender.local', password: 'Officer123!', role: 'officer' as const };

const PHONE_PLUS = {
  name: 'Phone Plus',
  description: 'Smartphones on weekly terms',
  minAmount: 5000,
  maxAmount: 50000,
  interestRate: 12.5,
  durationDays: 60,
};

test('an admin creates a loan product: 201 with the product, stored and audited', async (t) => {
  const { app, db } = await build(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const response = await createProduct(app, admin, PHONE_PLUS);
  assert.equal(response.statusCode, 201, response.body);
  const body = createProductResponseSchema.parse(response.json());
  assert.equal(body.message, 'Loan product created successfully');
  assert.deepEqual(body.product, {
    id: body.product.id,
    name: 'Phone Plus',
    description: 'Smartphones on weekly terms',
    min_amount: 5000,
    max_amount: 50000,
    interest_rate: 12.5,
    duration_days: 60,
  });
  const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, body.product.id));
  assert.equal(row?.interestRate, '12.50');
  assert.equal(row?.maxAmount, '50000.00');
  const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'loan_product.created'));
  assert.equal(audits.length, 1);
  assert.equal(audits[0]?.entityId, String(body.product.id));
  assert.deepEqual(audits[0]?.after, body.product);
});

test('defaults: duration 30 days and an empty description', async (t) => {
  const { app } = await build(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const response = await createProduct(app, admin, {
    name: 'Basic',
    minAmount: '1000',
    maxAmount: '1000',
    interestRate: 0,
  });
  assert.equal(response.statusCode, 201, response.body);
  const { product } = createProductResponseSchema.parse(response.json());
  assert.equal(product.duration_days, 30);
  assert.equal(product.description, '');
  assert.equal(product.interest_rate, 0);
});

test('an officer cannot create a product (403 with error); nothing is stored', async (t) => {
  const { app, db } = await build(t);
  await createUser(db, OFFICER);
  const officer = await authHeader(app, OFFICER.email, OFFICER.password);
  const response = await createProduct(app, officer, PHONE_PLUS);
  assert.equal(response.statusCode, 403);
  assert.equal(response.json().error, 'Forbidden');
  assert.equal((await db.select().from(loanProducts)).length, 0);
});

test('a name already used, in another case, is 409 naming it', async (t) => {
  const { app, db } = await build(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const first = await createProduct(app, admin, PHONE_PLUS);
  assert.equal(first.statusCode, 201);
  const second = await createProduct(app, admin, { ...PHONE_PLUS, name: 'PHONE plus' });
  assert.equal(second.statusCode, 409);
  assert.equal(second.json().message, 'A loan product named "PHONE plus" already exists');
  assert.equal((await db.select().from(loanProducts)).length, 1);
});

test('invalid terms are 400 naming the field', async (t) => {
  const { app } = await build(t);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const post = (payload: Record<string, unknown>) => createProduct(app, admin, { ...PHONE_PLUS, ...payload });

  const maxBelowMin = await post({ minAmount: 5000, maxAmount: 4000 });
  assert.equal(maxBelowMin.statusCode, 400);
  assert.equal(maxBelowMin.json().errors[0].field, 'maxAmount');
  assert.match(
    maxBelowMin.json().message,
    /Maximum amount must be greater than or equal to the minimum amount/,
  );

  for (const payload of [
    { minAmount: 0 },
    { interestRate: 101 },
    { durationDays: 6 },
    { durationDays: 731 },
    { name: ' ' },
  ]) {
    const response = await post(payload);
    assert.equal(response.statusCode, 400, JSON.stringify(payload));
    assert.equal(response.json().errors[0].field, Object.keys(payload)[0]);
  }
});

test('every member of staff lists the products, ordered by name', async (t) => {
  const { app, db } = await build(t);
  await createUser(db, OFFICER);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const officer = await authHeader(app, OFFICER.email, OFFICER.password);
  for (const name of ['Zeta', 'alpha', 'Mid']) {
    const response = await createProduct(app, admin, { ...PHONE_PLUS, name });
    assert.equal(response.statusCode, 201);
  }
  for (const headers of [admin, officer]) {
    const response = await app.inject({ method: 'GET', url: '/api/loanProducts', headers });
    assert.equal(response.statusCode, 200);
    const list = productListResponseSchema.parse(response.json());
    assert.deepEqual(
      list.map((p) => p.name),
      ['alpha', 'Mid', 'Zeta'],
    );
  }
  const anonymous = await app.inject({ method: 'GET', url: '/api/loanProducts' });
  assert.equal(anonymous.statusCode, 401);
});
