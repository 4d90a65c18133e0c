import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import {
  pendingApplicationsPageSchema,
  rejectedApplicationsPageSchema,
} from '@lender/shared/contract/applications';
import type { App } from '../../app';
import { auditLog, loanApplications, loans, mpesaCodes } from '../../db/schema';
import type { Database } from '../../db/client';
import { build } from '../../../test/helper';
import {
  applicationBody,
  insertCustomer,
  insertProduct,
  staff,
  validImei,
} from '../../../test/support/applications';
import { freshMpesaCode } from '../../../test/fixtures';

type Headers = Record<string, string>;

const submit = (app: App, headers: Headers, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/loansApplication', headers, payload });

async function submitted(app: App, headers: Headers, payload: Record<string, unknown>): Promise<number> {
  const response = await submit(app, headers, payload);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<{ id: number }>().id;
}

const approve = (app: App, headers: Headers, id: number, disbursedAmount: unknown = 10000) =>
  app.inject({
    method: 'PUT',
    url: `/api/loansApplication/approve/${id}`,
    headers,
    payload: { disbursedAmount },
  });

const reject = (app: App, headers: Headers, id: number, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'PUT', url: `/api/loansApplication/reject/${id}`, headers, payload });

async function pending(app: App, headers: Headers, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/loansApplication/pending${query}`, headers });
  assert.equal(response.statusCode, 200, response.body);
  return pendingApplicationsPageSchema.parse(response.json());
}

async function rejected(app: App, headers: Headers, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/loansApplication/rejected${query}`,
    headers,
  });
  assert.equal(response.statusCode, 200, response.body);
  return rejectedApplicationsPageSchema.parse(response.json());
}

/** A test app with the staff, one product, and customers Alice (officer A's) and Brian (officer B's) as `s`. */
async function setup(t: TestContext) {
  const testApp = await build(t);
  const s = await staff(testApp);
  const product = await insertProduct(testApp.db);
  const customerA = await insertCustomer(testApp.db, s.officerAId, 'Alice');
  const customerB = await insertCustomer(testApp.db, s.officerBId, 'Brian');
  // The application form for one of these customers and this product.
  const applicationFor = (customer: { id: number }, overrides: Record<string, unknown> = {}) =>
    applicationBody(customer.id, product.id, overrides);
  return { ...testApp, s: { ...s, product, customerA, customerB, applicationFor } };
}

/** setup, with officer A's application for Alice submitted (pending) as `id`. */
async function setupSubmitted(t: TestContext) {
  const testApp = await setup(t);
  const { app, s } = testApp;
  const id = await submitted(app, s.officerA, s.applicationFor(s.customerA));
  return { ...testApp, id };
}

const loanCount = async (db: Database) => (await db.select().from(loans)).length;

const auditCount = async (db: Database, action: string) =>
  (await db.select().from(auditLog).where(eq(auditLog.action, action))).length;

describe('POST /api/loansApplication', () => {
  test('an officer submits for their customer: stored pending, by the caller (body officerId ignored), code claimed, audited', async (t) => {
    const { app, db, s } = await setup(t);
    const body = s.applicationFor(s.customerA, {
      mpesaCode: ' qgh7xk2lmn ',
      officerId: s.officerBId,
      installmentType: 'WEEKLY',
    });
    const response = await submit(app, s.officerA, body);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().message, 'Loan application submitted successfully!');
    const id = response.json<{ id: number }>().id;

    const [row] = await db.select().from(loanApplications).where(eq(loanApplications.id, id));
    assert.equal(row?.status, 'pending');
    assert.equal(row?.officerId, s.officerAId);
    assert.equal(row?.customerId, s.customerA.id);
    assert.equal(row?.amount, '10000.00');
    assert.equal(row?.mpesaCode, 'QGH7XK2LMN');
    assert.equal(row?.imei, body.imei);
    assert.equal(row?.installmentType, 'weekly');
    const [code] = await db.select().from(mpesaCodes).where(eq(mpesaCodes.code, 'QGH7XK2LMN'));
    assert.equal(code?.usedFor, 'application_deposit');
    assert.equal(code?.recordedBy, s.officerAId);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'loan_application.created'));
    assert.equal(audits.length, 1);
    assert.equal(audits[0]?.actorId, s.officerAId);
    assert.equal(audits[0]?.entityId, String(id));
  });

  test("the amount must be within the product's bounds, named in the message", async (t) => {
    const { app, s } = await setup(t);
    for (const amount of [4999.99, 50000.01]) {
      const response = await submit(app, s.officerA, s.applicationFor(s.customerA, { amount }));
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().errors[0].field, 'amount');
      assert.equal(
        response.json().errors[0].msg,
        'Amount must be between Ksh 5,000.00 and Ksh 50,000.00 for Phone Plus',
      );
    }
    await submitted(app, s.officerA, s.applicationFor(s.customerA, { amount: 50000 }));
  });

  test('a bad IMEI (Luhn), a bad M-Pesa code or an unknown product is 400; nothing is stored', async (t) => {
    const { app, db, s } = await setup(t);
    const good = validImei();
    const badCheckDigit = `${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ imei: badCheckDigit }, 'imei'],
      [{ imei: '12345' }, 'imei'],
      [{ mpesaCode: 'QGH7XK2' }, 'mpesaCode'],
      [{ mpesaCode: 'QGH7XK2LM!' }, 'mpesaCode'],
      [{ productId: 9999 }, 'productId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await submit(app, s.officerA, s.applicationFor(s.customerA, overrides));
      assert.equal(response.statusCode, 400, JSON.stringify(overrides));
      assert.equal(response.json().errors[0].field, field);
    }
    assert.equal((await db.select().from(loanApplications)).length, 0);
    assert.equal((await db.select().from(mpesaCodes)).length, 0);
  });

  test('an M-Pesa code used before is 409 naming it, and nothing is stored', async (t) => {
    const { app, db, s } = await setup(t);
    await submitted(app, s.officerA, s.applicationFor(s.customerA, { mpesaCode: 'QGH7XK2LMN' }));
    const response = await submit(
      app,
      s.officerB,
      s.applicationFor(s.customerB, { mpesaCode: 'qgh7xk2lmn' }),
    );
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().message, 'M-Pesa code QGH7XK2LMN has already been used');
    assert.equal((await db.select().from(loanApplications)).length, 1);
  });

  test('a second pending application for the customer is 409; its code stays unused', async (t) => {
    const { app, db, s } = await setup(t);
    await submitted(app, s.officerA, s.applicationFor(s.customerA));
    const code = freshMpesaCode('QAP');
    const response = await submit(app, s.officerA, s.applicationFor(s.customerA, { mpesaCode: code }));
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().message, 'This customer already has a pending application');
    assert.equal((await db.select().from(mpesaCodes).where(eq(mpesaCodes.code, code))).length, 0);
  });

  test('an IMEI on another pending application or on an unpaid loan is 409; once rejected it is free', async (t) => {
    const { app, db, s } = await setup(t);
    const imei = validImei();
    const first = await submitted(app, s.officerA, s.applicationFor(s.customerA, { imei }));
    const conflict = await submit(app, s.officerB, s.applicationFor(s.customerB, { imei }));
    assert.equal(conflict.statusCode, 409);
    assert.equal(conflict.json().message, `This phone (IMEI ${imei}) is already financed on an unpaid loan`);

    // Approved: the phone is on an unpaid loan.
    assert.equal((await approve(app, s.admin, first)).statusCode, 200);
    const onLoan = await submit(app, s.officerB, s.applicationFor(s.customerB, { imei }));
    assert.equal(onLoan.statusCode, 409);
    assert.match(onLoan.json().message, /is already financed on an unpaid loan/);

    // Paid off: the phone can be financed again.
    await db.update(loans).set({ status: 'paid' });
    await submitted(app, s.officerB, s.applicationFor(s.customerB, { imei }));

    // A rejected application does not hold its phone.
    const other = validImei();
    const customerC = await insertCustomer(db, s.officerAId);
    const rejectedId = await submitted(app, s.officerA, s.applicationFor(customerC, { imei: other }));
    assert.equal((await reject(app, s.admin, rejectedId)).statusCode, 200);
    const customerD = await insertCustomer(db, s.officerAId);
    await submitted(app, s.officerA, s.applicationFor(customerD, { imei: other }));
  });

  test("an officer cannot apply for another officer's customer (404); an admin can apply for anyone's", async (t) => {
    const { app, db, s } = await setup(t);
    const response = await submit(app, s.officerA, s.applicationFor(s.customerB));
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().message, 'Customer not found');
    const unknown = await submit(app, s.admin, applicationBody(99999, s.product.id));
    assert.equal(unknown.statusCode, 404);
    const id = await submitted(app, s.admin, s.applicationFor(s.customerB, { officerId: s.officerBId }));
    const [row] = await db.select().from(loanApplications).where(eq(loanApplications.id, id));
    assert.equal(row?.officerId, s.adminId);
  });
});

describe('concurrent submissions', () => {
  test('two submissions for one customer at once: one 201, one 409', async (t) => {
    const { app, db, s } = await setup(t);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => submit(app, s.officerA, s.applicationFor(s.customerA))),
    );
    assert.deepEqual(responses.map((r) => r.statusCode).sort(), [201, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      assert.equal(response.json().message, 'This customer already has a pending application');
    }
    assert.equal((await db.select().from(loanApplications)).length, 1);
    assert.equal((await db.select().from(mpesaCodes)).length, 1);
  });

  test('one M-Pesa code in submissions for different customers at once: one 201, the others 409 naming it', async (t) => {
    const { app, db, s } = await setup(t);
    const others = [await insertCustomer(db, s.officerAId), await insertCustomer(db, s.officerAId)];
    const responses = await Promise.all(
      [s.customerA, ...others].map((customer) =>
        submit(app, s.officerA, s.applicationFor(customer, { mpesaCode: 'QGH7XK2LMN' })),
      ),
    );
    assert.deepEqual(responses.map((r) => r.statusCode).sort(), [201, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      assert.equal(response.json().message, 'M-Pesa code QGH7XK2LMN has already been used');
    }
    assert.equal((await db.select().from(loanApplications)).length, 1);
  });

  test('one IMEI in submissions for different customers at once: one 201, the others 409', async (t) => {
    const { app, db, s } = await setup(t);
    const imei = validImei();
    const others = [await insertCustomer(db, s.officerAId), await insertCustomer(db, s.officerAId)];
    const responses = await Promise.all(
      [s.customerA, ...others].map((customer) =>
        submit(app, s.officerA, s.applicationFor(customer, { imei })),
      ),
    );
    assert.deepEqual(responses.map((r) => r.statusCode).sort(), [201, 409, 409]);
    assert.equal((await db.select().from(loanApplications)).length, 1);
    assert.equal((await db.select().from(mpesaCodes)).length, 1);
  });
});

describe('pending and rejected lists', () => {
  test('scoped: an officer sees their customers only whatever the query says; an admin all, or one officer with officerId (not their own id)', async (t) => {
    const { app, clock, s } = await setup(t);
    const a1 = await submitted(app, s.officerA, s.applicationFor(s.customerA, { amount: 12000.5 }));
    clock.advance(1000);
    const b1 = await submitted(app, s.officerB, s.applicationFor(s.customerB));

    const ofA = await pending(app, s.officerA, `?role=admin&officerId=${s.officerBId}`);
    assert.deepEqual(
      ofA.data.map((r) => r.id),
      [a1],
    );
    assert.deepEqual(ofA.meta, { page: 1, pageSize: 10, total: 1, totalPages: 1 });
    const row = ofA.data[0];
    assert.equal(row?.loan_id, a1);
    assert.equal(row?.customer_full_name, `Alice ${s.customerA.lastName}`);
    assert.equal(row?.national_id, s.customerA.nationalId);
    assert.equal(row?.phone, s.customerA.phone);
    assert.equal(row?.monthly_income, 25000);
    assert.equal(row?.product_name, 'Phone Plus');
    assert.equal(row?.product_id, s.product.id);
    assert.equal(row?.amount, 12000.5);
    assert.equal(row?.purpose, 'Phone for the business');
    assert.equal(row?.model, 'Tecno Spark 20');

    assert.deepEqual(
      (await pending(app, s.officerB)).data.map((r) => r.id),
      [b1],
    );
    assert.deepEqual(
      (await pending(app, s.admin)).data.map((r) => r.id),
      [b1, a1],
    );
    assert.deepEqual(
      (await pending(app, s.admin, `?role=admin&officerId=${s.adminId}`)).data.map((r) => r.id),
      [b1, a1],
    );
    assert.deepEqual(
      (await pending(app, s.admin, `?officerId=${s.officerAId}`)).data.map((r) => r.id),
      [a1],
    );

    // Rejected: with the customer's occupation and address and the reason.
    const reason = await reject(app, s.admin, a1, { reason: 'Income too low' });
    assert.equal(reason.statusCode, 200, reason.body);
    assert.equal(reason.json().message, 'Loan application rejected');
    const rejectedB = await reject(app, s.admin, b1, {});
    assert.equal(rejectedB.statusCode, 200);
    assert.deepEqual((await pending(app, s.admin)).data, []);
    const ofARejected = await rejected(app, s.officerA, `?officerId=${s.officerBId}`);
    assert.deepEqual(
      ofARejected.data.map((r) => r.id),
      [a1],
    );
    assert.deepEqual(ofARejected.meta, { page: 1, pageSize: 10, total: 1, totalPages: 1 });
    assert.equal(ofARejected.data[0]?.rejection_reason, 'Income too low');
    assert.equal(ofARejected.data[0]?.occupation, 'Trader');
    assert.equal(ofARejected.data[0]?.address, 'Gikomba Market');
    assert.equal((await rejected(app, s.officerB)).data[0]?.rejection_reason, '');
    assert.deepEqual((await rejected(app, s.admin)).data.map((r) => r.id).sort(), [a1, b1].sort());
    assert.deepEqual(
      (await rejected(app, s.admin, `?officerId=${s.officerBId}`)).data.map((r) => r.id),
      [b1],
    );
  });

  test('the pending list pages by 10, newest first', async (t) => {
    const { app, db, clock, s } = await setup(t);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      clock.advance(1000);
      const customer = await insertCustomer(db, s.officerAId);
      ids.push(await submitted(app, s.officerA, s.applicationFor(customer)));
    }
    const first = await pending(app, s.admin);
    assert.equal(first.data.length, 10);
    assert.deepEqual(first.meta, { page: 1, pageSize: 10, total: 12, totalPages: 2 });
    assert.equal(first.data[0]?.id, ids[11]);
    const second = await pending(app, s.admin, '?page=2');
    assert.deepEqual(
      second.data.map((r) => r.id),
      [ids[1], ids[0]],
    );
    // Past the end: no row to carry the count (read with the page), so it is read alone.
    const past = await pending(app, s.admin, '?page=3');
    assert.deepEqual(past.data, []);
    assert.deepEqual(past.meta, { page: 3, pageSize: 10, total: 12, totalPages: 2 });
  });

  test('the rejected list pages by 10, most recently rejected first (not by submission), scoped, with meta', async (t) => {
    const { app, db, clock, s } = await setup(t);
    // 12 of officer A's customers and 3 of officer B's, submitted in that order.
    const ofA: number[] = [];
    const ofB: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      clock.advance(1000);
      const officer = i < 12 ? s.officerAId : s.officerBId;
      const customer = await insertCustomer(db, officer);
      const id = await submitted(app, i < 12 ? s.officerA : s.officerB, s.applicationFor(customer));
      (i < 12 ? ofA : ofB).push(id);
    }
    // Rejected in another order than submitted: B's first, then A's from the oldest, one second
    // apart, except the last two of A's in the same instant (the later id comes first).
    const order = [...ofB, ...ofA];
    for (const [i, id] of order.entries()) {
      if (i < order.length - 1) clock.advance(1000);
      const response = await reject(app, s.admin, id, { reason: `Reason ${i}` });
      assert.equal(response.statusCode, 200, response.body);
    }
    const newestFirst = [...order].reverse();

    const first = await rejected(app, s.admin);
    assert.deepEqual(first.meta, { page: 1, pageSize: 10, total: 15, totalPages: 2 });
    assert.deepEqual(
      first.data.map((r) => r.id),
      newestFirst.slice(0, 10),
    );
    const times = first.data.map((r) => Date.parse(r.rejected_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const second = await rejected(app, s.admin, '?page=2');
    assert.deepEqual(second.meta, { page: 2, pageSize: 10, total: 15, totalPages: 2 });
    assert.deepEqual(
      second.data.map((r) => r.id),
      newestFirst.slice(10),
    );
    // Past the last page: an empty page, the count unchanged.
    const beyond = await rejected(app, s.admin, '?page=3');
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.total, 15);

    // An officer sees their own customers' only, whatever the query names.
    const officerA = await rejected(app, s.officerA, `?role=admin&officerId=${s.officerBId}`);
    assert.deepEqual(officerA.meta, { page: 1, pageSize: 10, total: 12, totalPages: 2 });
    assert.deepEqual(
      officerA.data.map((r) => r.id),
      [...ofA].reverse().slice(0, 10),
    );
    const officerAPage2 = await rejected(app, s.officerA, '?page=2');
    assert.deepEqual(
      officerAPage2.data.map((r) => r.id),
      [ofA[1], ofA[0]],
    );
    const officerB = await rejected(app, s.officerB);
    assert.deepEqual(officerB.meta, { page: 1, pageSize: 10, total: 3, totalPages: 1 });
    assert.deepEqual(
      officerB.data.map((r) => r.id),
      [...ofB].reverse(),
    );
    // An admin narrows to one officer with officerId.
    const adminOfB = await rejected(app, s.admin, `?officerId=${s.officerBId}`);
    assert.deepEqual(
      adminOfB.data.map((r) => r.id),
      [...ofB].reverse(),
    );
    assert.equal(adminOfB.meta.total, 3);

    // A bad page is a 400.
    const bad = await app.inject({
      method: 'GET',
      url: '/api/loansApplication/rejected?page=0',
      headers: s.admin,
    });
    assert.equal(bad.statusCode, 400);
  });

  test('the rejected count stops past 1,000 rows and says so', async (t) => {
    const { app, db, s } = await setup(t);
    const customer = await insertCustomer(db, s.officerAId);
    const template = await submitted(app, s.officerA, s.applicationFor(customer));
    assert.equal((await reject(app, s.admin, template)).statusCode, 200);
    // 1,001 more rejected rows of the same customer, written straight to the table.
    await db.execute(sql`
      insert into mpesa_codes (code, used_for, recorded_by, recorded_at)
      select 'QRJ' || lpad(n::text, 7, '0'), used_for, recorded_by, recorded_at
      from mpesa_codes, generate_series(1, 1001) as n
      where code = (select mpesa_code from loan_applications where id = ${template})`);
    await db.execute(sql`
      insert into loan_applications
        (customer_id, product_id, officer_id, amount, purpose, model, imei, mpesa_code, status,
         rejection_reason, decided_by, decided_at, created_at)
      select customer_id, product_id, officer_id, amount, purpose, model, imei,
             'QRJ' || lpad(n::text, 7, '0'), 'rejected', 'Bulk', decided_by,
             decided_at + n * interval '1 second', created_at
      from loan_applications, generate_series(1, 1001) as n
      where id = ${template}`);
    const first = await rejected(app, s.admin);
    assert.deepEqual(first.meta, {
      page: 1,
      pageSize: 10,
      total: 1000,
      totalPages: 100,
      totalEstimated: true,
    });
    assert.equal(first.data[0]?.rejection_reason, 'Bulk');
    // The last page reached counts exactly again.
    const last = await rejected(app, s.officerA, '?page=101');
    assert.deepEqual(last.meta, { page: 101, pageSize: 10, total: 1002, totalPages: 101 });
    assert.equal(last.data.length, 2);
    assert.equal(last.data[1]?.id, template);
  });
});

describe('approve and reject', () => {
  test("approval creates the loan in pending_disbursement with the product's terms and the engine's totals, audited", async (t) => {
    const { app, db, s } = await setup(t);
    // The admin submits for officer B's customer: the loan is still in officer B's book.
    const id = await submitted(app, s.admin, s.applicationFor(s.customerB, { amount: 12000 }));
    const response = await approve(app, s.admin, id, '10000');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, 'Loan application approved');
    const loanId = response.json<{ loan_id: number }>().loan_id;

    const [loan] = await db.select().from(loans).where(eq(loans.id, loanId));
    assert.ok(loan);
    assert.equal(loan.applicationId, id);
    assert.equal(loan.customerId, s.customerB.id);
    assert.equal(loan.officerId, s.officerBId);
    assert.equal(loan.productId, s.product.id);
    assert.equal(loan.productName, 'Phone Plus');
    assert.equal(loan.interestRate, '10.00');
    assert.equal(loan.durationDays, 30);
    assert.equal(loan.appliedAmount, '12000.00');
    assert.equal(loan.principal, '10000.00');
    assert.equal(loan.totalInterest, '1000.00');
    assert.equal(loan.totalAmount, '11000.00');
    assert.equal(loan.installmentCount, 4);
    assert.equal(loan.installmentAmount, '2750.00');
    assert.equal(loan.remainingBalance, '11000.00');
    assert.equal(loan.paidAmount, '0.00');
    assert.equal(loan.status, 'pending_disbursement');
    assert.equal(loan.deviceStatus, null);
    assert.equal(loan.approvedBy, s.adminId);
    assert.equal(loan.imei, (await db.select().from(loanApplications))[0]?.imei);
    assert.equal(loan.model, 'Tecno Spark 20');
    assert.equal(loan.purpose, 'Phone for the business');

    const [application] = await db.select().from(loanApplications).where(eq(loanApplications.id, id));
    assert.equal(application?.status, 'approved');
    assert.equal(application?.decidedBy, s.adminId);
    const actions = (await db.select().from(auditLog)).map((a) => [a.action, a.loanId]);
    assert.deepEqual(
      actions.filter(([action]) => action === 'loan_application.approved' || action === 'loan.created'),
      [
        ['loan_application.approved', loanId],
        ['loan.created', loanId],
      ],
    );

    // The decision, the loan and both audit entries were written by one transaction.
    const xmin = sql<string>`xmin::text`;
    const written = [
      ...(await db.select({ xmin }).from(loanApplications).where(eq(loanApplications.id, id))),
      ...(await db.select({ xmin }).from(loans).where(eq(loans.id, loanId))),
      ...(await db.select({ xmin }).from(auditLog).where(eq(auditLog.loanId, loanId))),
    ].map((r) => r.xmin);
    assert.equal(written.length, 4);
    assert.equal(new Set(written).size, 1);

    // The application leaves the pending list.
    assert.equal((await pending(app, s.admin)).data.length, 0);
  });

  test("disbursedAmount above the product's maximum is 400 naming it; 0 is 400; nothing changes", async (t) => {
    const { app, db, s, id } = await setupSubmitted(t);
    const over = await approve(app, s.admin, id, 50000.01);
    assert.equal(over.statusCode, 400);
    assert.equal(over.json().errors[0].field, 'disbursedAmount');
    assert.match(over.json().errors[0].msg, /Ksh 50,000\.00/);
    const zero = await approve(app, s.admin, id, 0);
    assert.equal(zero.statusCode, 400);
    assert.equal(await loanCount(db), 0);
    const [application] = await db.select().from(loanApplications);
    assert.equal(application?.status, 'pending');
    assert.equal((await approve(app, s.admin, id, 50000)).statusCode, 200);
  });

  test('officers cannot approve or reject (403 with error); unknown id is 404', async (t) => {
    const { app, s, id } = await setupSubmitted(t);
    for (const response of [await approve(app, s.officerA, id), await reject(app, s.officerA, id)]) {
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().error, 'Forbidden');
    }
    assert.equal((await approve(app, s.admin, 99999)).statusCode, 404);
    assert.equal((await reject(app, s.admin, 99999)).statusCode, 404);
  });

  test('only from pending: approve twice, reject after approval, approve after rejection are 409', async (t) => {
    const { app, db, s, id } = await setupSubmitted(t);
    assert.equal((await approve(app, s.admin, id)).statusCode, 200);
    const twice = await approve(app, s.admin, id);
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().message, 'This application has already been approved');
    const rejectAfter = await reject(app, s.admin, id, { reason: 'Late' });
    assert.equal(rejectAfter.statusCode, 409);
    assert.equal(await loanCount(db), 1);

    const other = await submitted(app, s.officerB, s.applicationFor(s.customerB));
    assert.equal((await reject(app, s.admin, other)).statusCode, 200);
    const approveAfter = await approve(app, s.admin, other);
    assert.equal(approveAfter.statusCode, 409);
    assert.equal(approveAfter.json().message, 'This application has already been rejected');
    assert.equal(await loanCount(db), 1);
    assert.equal(await auditCount(db, 'loan_application.rejected'), 1);
  });

  test('eight concurrent approvals: exactly one 200, seven 409, one loan', async (t) => {
    const { app, db, s, id } = await setupSubmitted(t);
    const responses = await Promise.all(Array.from({ length: 8 }, () => approve(app, s.admin, id)));
    const codes = responses.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, 409, 409, 409, 409, 409, 409, 409]);
    assert.equal(await loanCount(db), 1);
    assert.equal(await auditCount(db, 'loan_application.approved'), 1);
  });

  test('concurrent approve and reject: exactly one decision wins', async (t) => {
    const { app, db, s, id } = await setupSubmitted(t);
    const responses = await Promise.all([
      approve(app, s.admin, id),
      reject(app, s.admin, id),
      approve(app, s.admin, id),
      reject(app, s.admin, id),
    ]);
    assert.equal(responses.filter((r) => r.statusCode === 200).length, 1);
    assert.equal(responses.filter((r) => r.statusCode === 409).length, 3);
    const [application] = await db.select().from(loanApplications);
    assert.equal(await loanCount(db), application?.status === 'approved' ? 1 : 0);
  });
});
