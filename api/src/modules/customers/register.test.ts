import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { customerDetailsSchema, registerCustomerResponseSchema } from '@lender/shared/contract/customers';
import { auditLog, customers, files, referees } from '../../db/schema';
import { assertSignatureChecked, writtenBy } from '../../../test/fixtures';
import { ADMIN, authHeader, build, createUser, type TestApp } from '../../../test/helper';
import {
  countCustomerRows,
  customerForm,
  fields,
  FULL_FIELDS,
  JPEG,
  minimalFields,
  PNG,
  postCustomer,
  storedFiles,
} from '../../../test/support/customers';

const OFFICER = { email: 'officer@lender.local', password: 'Officer123!', role: 'officer' as const };

/** Nothing of any customer was stored: no row in any customer table, no file row, no file on disk. */
async function assertNothingStored({ db, filesDir }: TestApp) {
  for (const [table, rows] of Object.entries(await countCustomerRows(db))) assert.equal(rows, 0, table);
  const [audits] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'customer'));
  assert.equal(audits?.n, 0);
  assert.deepEqual(await storedFiles(filesDir), []);
}

async function adminHeaders(app: TestApp['app']) {
  return authHeader(app, ADMIN.email, ADMIN.password);
}

describe('POST /api/customerNew', () => {
  test('registers a customer with next of kin, collaterals, a guarantor and photos; details return all of it', async (t) => {
    const testApp = await build(t);
    const { app, db, filesDir } = testApp;
    const officer = await createUser(db, { ...OFFICER, firstName: 'Jane', lastName: 'Officer' });
    const headers = await authHeader(app, OFFICER.email, OFFICER.password);

    const response = await postCustomer(
      app,
      headers,
      customerForm(FULL_FIELDS, { national_id_photo: JPEG, passport_photo: PNG }),
    );
    assert.equal(response.statusCode, 201, response.body);
    const { id, message } = registerCustomerResponseSchema.parse(response.json());
    assert.equal(message, 'Customer registered successfully');

    const detailsResponse = await app.inject({ method: 'GET', url: `/api/customerNew/${id}`, headers });
    assert.equal(detailsResponse.statusCode, 200);
    const details = customerDetailsSchema.parse(detailsResponse.json());
    const { customer } = details;
    // The personal fields come back as sent, but for the phone (normalised) and the income (a number).
    const personal = Object.fromEntries(Object.entries(FULL_FIELDS).filter(([key]) => !key.includes('[')));
    assert.deepEqual(
      { ...customer, passport_photo: undefined, national_id_photo: undefined },
      {
        ...personal,
        id,
        phone: '+254712345678',
        monthly_income: 25000.5,
        created_by: officer.id,
        created_by_name: 'Jane Officer',
        created_at: '2025-03-03T07:00:00.000Z',
        reminders_opt_out: false,
        passport_photo: undefined,
        national_id_photo: undefined,
      },
    );
    assert.deepEqual(
      details.referees.map(({ id: _id, ...rest }) => rest),
      [
        {
          name: 'Peter Kamau',
          id_number: '23456789',
          relationship: 'Brother',
          phone_number: '+254722000111',
        },
        { name: 'Mary Atieno', id_number: '34567890', relationship: 'Friend', phone_number: '+254110000222' },
      ],
    );
    assert.deepEqual(
      details.collaterals.map(({ id: _id, ...rest }) => rest),
      [
        { item_name: 'Television', item_count: 1, additional_details: 'Samsung 32"' },
        { item_name: 'Sofa set', item_count: 2, additional_details: null },
      ],
    );
    assert.equal(details.guarantors.length, 1);
    const [guarantor] = details.guarantors;
    assert.equal(guarantor?.name, 'John Otieno');
    assert.equal(guarantor?.relationship, 'Employer');
    assert.equal(guarantor?.phone_number, '+254733444555');
    assert.deepEqual(
      guarantor?.collaterals.map(({ id: _id, ...rest }) => rest),
      [
        { item_name: 'Motorbike', item_count: 1, additional_details: 'KMDA 123B' },
        { item_name: 'Fridge', item_count: 1, additional_details: null },
      ],
    );

    // The photos: stored under the customer, served by their signed URLs without a bearer token.
    assert.ok(customer.national_id_photo && customer.passport_photo);
    const idPhoto = await app.inject({ method: 'GET', url: customer.national_id_photo });
    assert.equal(idPhoto.statusCode, 200);
    assert.equal(idPhoto.headers['content-type'], 'image/jpeg');
    assert.deepEqual(idPhoto.rawPayload, JPEG);
    const passport = await app.inject({ method: 'GET', url: customer.passport_photo });
    assert.equal(passport.headers['content-type'], 'image/png');
    assert.deepEqual(passport.rawPayload, PNG);
    const fileRows = await db.select().from(files).orderBy(files.purpose);
    assert.deepEqual(
      fileRows.map((f) => [f.ownerEntity, f.ownerId, f.purpose, f.mime, f.createdBy]),
      [
        ['customer', id, 'national_id_photo', 'image/jpeg', officer.id],
        ['customer', id, 'passport_photo', 'image/png', officer.id],
      ],
    );
    assert.deepEqual((await storedFiles(filesDir)).sort(), fileRows.map((f) => f.key).sort());

    // An unsigned or tampered URL is refused.
    await assertSignatureChecked(app, customer.national_id_photo);
    const photoUrl = new URL(customer.national_id_photo, 'http://localhost');
    const otherFile = new URL(customer.passport_photo, 'http://localhost').pathname;
    const swapped = await app.inject({ method: 'GET', url: `${otherFile}${photoUrl.search}` });
    assert.equal(swapped.statusCode, 403);
  });

  test('is audited in the same transaction, by the caller', async (t) => {
    const { app, db } = await build(t);
    const response = await postCustomer(app, await adminHeaders(app), customerForm(FULL_FIELDS));
    const { id } = response.json<{ id: number }>();

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entity, 'customer'));
    assert.equal(entry?.action, 'customer.created');
    assert.equal(entry?.entityId, String(id));
    assert.equal(entry?.actorId, 1);
    const after = entry?.after as { national_id: string; referees: unknown[]; guarantors: unknown[] };
    assert.equal(after.national_id, '12345678');
    assert.equal(after.referees.length, 2);
    assert.equal(after.guarantors.length, 1);
    const customerTx = await writtenBy(db, customers, eq(customers.id, id));
    assert.ok(customerTx);
    assert.equal(await writtenBy(db, auditLog, eq(auditLog.id, entry?.id ?? 0)), customerTx);
    assert.equal(await writtenBy(db, referees, eq(referees.customerId, id)), customerTx);
  });

  test('the minimum: required fields, one next of kin, the national ID photo', async (t) => {
    const { app } = await build(t);
    const headers = await adminHeaders(app);
    const response = await postCustomer(app, headers, customerForm(minimalFields()));
    assert.equal(response.statusCode, 201, response.body);
    const details = customerDetailsSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/customerNew/${response.json().id}`, headers })).json(),
    );
    assert.equal(details.customer.email, null);
    assert.equal(details.customer.residence_details, null);
    assert.equal(details.customer.monthly_income, null);
    assert.equal(details.customer.passport_photo, null);
    assert.ok(details.customer.national_id_photo);
    assert.equal(details.referees.length, 1);
    assert.deepEqual(details.collaterals, []);
    assert.deepEqual(details.guarantors, []);
  });

  test('each required field missing or blank is a 400 naming it, and nothing is stored', async (t) => {
    const testApp = await build(t);
    const headers = await adminHeaders(testApp.app);
    const required: [string, string][] = [
      ['first_name', 'First name is required'],
      ['last_name', 'Last name is required'],
      ['phone', 'Phone number is required'],
      ['national_id', 'National ID number is required'],
      ['county', 'County is required'],
      ['occupation', 'Occupation is required'],
      ['referees[0][name]', 'Next of kin name is required'],
      ['referees[0][id_number]', 'Next of kin ID number is required'],
      ['referees[0][phone_number]', 'Next of kin phone number is required'],
      ['referees[0][relationship]', 'Next of kin relationship is required'],
    ];
    for (const [field, msg] of required) {
      for (const value of [undefined, '', '   ']) {
        const response = await postCustomer(
          testApp.app,
          headers,
          customerForm(fields(FULL_FIELDS, { [field]: value })),
        );
        assert.equal(response.statusCode, 400, `${field}=${JSON.stringify(value)}`);
        assert.deepEqual(response.json().errors, [{ field, msg }], `${field}=${JSON.stringify(value)}`);
        assert.equal(response.json().message, `${field}: ${msg}`);
      }
    }

    const noPhoto = await postCustomer(
      testApp.app,
      headers,
      customerForm(FULL_FIELDS, { national_id_photo: null }),
    );
    assert.equal(noPhoto.statusCode, 400);
    assert.deepEqual(noPhoto.json().errors, [
      { field: 'national_id_photo', msg: 'National ID photo is required' },
    ]);
    await assertNothingStored(testApp);
  });

  test('a second referee with a missing field names that referee, by the index sent', async (t) => {
    const testApp = await build(t);
    const headers = await adminHeaders(testApp.app);
    const second = await postCustomer(
      testApp.app,
      headers,
      customerForm(fields(FULL_FIELDS, { 'referees[1][phone_number]': undefined })),
    );
    assert.equal(second.statusCode, 400);
    assert.equal(second.json().errors[0].field, 'referees[1][phone_number]');

    // referees[1] left out by the form: the third is still referees[2].
    const sparse = fields(minimalFields(), {
      'referees[2][name]': 'Achieng',
      'referees[2][id_number]': '55667788',
      'referees[2][phone_number]': '12345',
      'referees[2][relationship]': 'Sister',
    });
    const response = await postCustomer(testApp.app, headers, customerForm(sparse));
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().errors, [
      {
        field: 'referees[2][phone_number]',
        msg: 'Next of kin phone number must be a Kenyan mobile number such as 0712345678 or +254712345678',
      },
    ]);

    const guarantorCollateral = await postCustomer(
      testApp.app,
      headers,
      customerForm(fields(FULL_FIELDS, { 'guarantors[0][collaterals][1][item_count]': '0' })),
    );
    assert.equal(guarantorCollateral.statusCode, 400);
    assert.equal(guarantorCollateral.json().errors[0].field, 'guarantors[0][collaterals][1][item_count]');
    await assertNothingStored(testApp);
  });

  test('no next of kin at all is a 400 naming referees; every problem is listed at once', async (t) => {
    const testApp = await build(t);
    const headers = await adminHeaders(testApp.app);
    const noReferees = Object.fromEntries(
      Object.entries(minimalFields()).filter(([key]) => !key.startsWith('referees')),
    );
    const response = await postCustomer(testApp.app, headers, customerForm(noReferees));
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().errors, [
      { field: 'referees', msg: 'At least one next of kin is required' },
    ]);

    const many = await postCustomer(
      testApp.app,
      headers,
      customerForm(fields(FULL_FIELDS, { first_name: '', phone: '123', national_id: '12ab' }), {
        national_id_photo: Buffer.from('not an image at all'),
      }),
    );
    assert.equal(many.statusCode, 400);
    assert.deepEqual(
      many.json().errors.map((e: { field: string }) => e.field),
      ['first_name', 'phone', 'national_id', 'national_id_photo'],
    );
    await assertNothingStored(testApp);
  });

  test('phone numbers: accepted forms are stored as +254…, anything else is a 400', async (t) => {
    const { app, db } = await build(t);
    const headers = await adminHeaders(app);
    const forms = ['0712345678', '+254 712 345 678', '254-712-345-678', '0112345678'];
    for (const [i, phone] of forms.entries()) {
      const response = await postCustomer(
        app,
        headers,
        customerForm(minimalFields({ phone, national_id: `1000000${i}` })),
      );
      assert.equal(response.statusCode, 201, phone);
    }
    const stored = await db.select({ phone: customers.phone }).from(customers).orderBy(customers.id);
    assert.deepEqual(
      stored.map((row) => row.phone),
      ['+254712345678', '+254712345678', '+254712345678', '+254112345678'],
    );

    for (const phone of ['12345', '0812345678', '+255712345678', '07123456789', 'call me']) {
      const response = await postCustomer(
        app,
        headers,
        customerForm(minimalFields({ phone, national_id: '999999' })),
      );
      assert.equal(response.statusCode, 400, phone);
      assert.equal(response.json().errors[0].field, 'phone');
      assert.match(response.json().errors[0].msg, /must be a Kenyan mobile number/);
    }
  });

  test('national ID numbers: 6 to 10 digits, unique (409 naming it)', async (t) => {
    const testApp = await build(t);
    const { app, db, filesDir } = testApp;
    const headers = await adminHeaders(app);
    for (const nationalId of ['12345', '12345678901', '1234567a']) {
      const response = await postCustomer(
        app,
        headers,
        customerForm(minimalFields({ national_id: nationalId })),
      );
      assert.equal(response.statusCode, 400, nationalId);
      assert.equal(response.json().errors[0].field, 'national_id');
    }
    assert.equal((await postCustomer(app, headers, customerForm(minimalFields()))).statusCode, 201);
    const filesBefore = (await storedFiles(filesDir)).sort();

    const duplicate = await postCustomer(
      app,
      headers,
      customerForm(fields(FULL_FIELDS, { national_id: '87654321' }), { passport_photo: PNG }),
    );
    assert.equal(duplicate.statusCode, 409);
    assert.equal(duplicate.json().message, 'A customer with national ID number 87654321 already exists');
    // Named on its field, so that the form shows it under National ID.
    assert.deepEqual(duplicate.json().errors, [
      { field: 'national_id', msg: 'A customer with national ID number 87654321 already exists' },
    ]);
    const [row] = await db.select({ n: count() }).from(customers);
    assert.equal(row?.n, 1);
    assert.deepEqual((await storedFiles(filesDir)).sort(), filesBefore);
  });

  test('two registrations of one national ID at once: one 201, one 409, the loser stores nothing', async (t) => {
    const { app, db, filesDir } = await build(t);
    const headers = await adminHeaders(app);
    const responses = await Promise.all([
      postCustomer(app, headers, customerForm(minimalFields(), { passport_photo: PNG })),
      postCustomer(
        app,
        headers,
        customerForm(minimalFields({ first_name: 'Other' }), { passport_photo: PNG }),
      ),
    ]);
    assert.deepEqual(responses.map((r) => r.statusCode).sort(), [201, 409]);
    const fileRows = await db.select({ key: files.key }).from(files);
    assert.equal(fileRows.length, 2);
    assert.deepEqual((await storedFiles(filesDir)).sort(), fileRows.map((f) => f.key).sort());
  });

  test('photos are recognised from their bytes: a text file named .png is a 400, nothing stored', async (t) => {
    const testApp = await build(t);
    const headers = await adminHeaders(testApp.app);
    const text = Buffer.from('I am not an image, just text.\n'.repeat(20));
    const response = await postCustomer(
      testApp.app,
      headers,
      customerForm(FULL_FIELDS, { national_id_photo: JPEG, passport_photo: text }),
    );
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].field, 'passport_photo');
    assert.match(response.json().message, /^passport_photo: Image must be a JPEG, PNG or WebP file/);

    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
    const pdfResponse = await postCustomer(
      testApp.app,
      headers,
      customerForm(FULL_FIELDS, { national_id_photo: pdf }),
    );
    assert.equal(pdfResponse.statusCode, 400);
    assert.equal(pdfResponse.json().errors[0].field, 'national_id_photo');
    assert.match(pdfResponse.json().message, /application\/pdf/);
    await assertNothingStored(testApp);
  });

  test('a 6 MB image is refused (413 naming the field) and nothing is stored', async (t) => {
    const testApp = await build(t);
    const headers = await adminHeaders(testApp.app);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await postCustomer(
      testApp.app,
      headers,
      customerForm(FULL_FIELDS, { national_id_photo: JPEG, passport_photo: big }),
    );
    assert.equal(response.statusCode, 413);
    assert.deepEqual(response.json().errors, [{ field: 'passport_photo', msg: 'File must be at most 5 MB' }]);
    await assertNothingStored(testApp);
  });

  test('a transaction that fails after the photos were written leaves no row and no file', async (t) => {
    const testApp = await build(t);
    const { app } = testApp;
    const headers = await adminHeaders(app);
    t.mock.method(app.audit, 'record', async () => {
      throw new Error('audit store unavailable');
    });
    const response = await postCustomer(
      app,
      headers,
      customerForm(FULL_FIELDS, { national_id_photo: JPEG, passport_photo: PNG }),
    );
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: 'An unexpected error occurred' });
    await assertNothingStored(testApp);
  });

  test('form mistakes are 400s naming the field: a file for a text field, a repeated field, text for a photo', async (t) => {
    const testApp = await build(t);
    const headers = await adminHeaders(testApp.app);

    const fileAsText = customerForm(fields(FULL_FIELDS, { first_name: undefined }));
    fileAsText.append('first_name', new Blob([PNG]), 'name.png');
    const fileResponse = await postCustomer(testApp.app, headers, fileAsText);
    assert.equal(fileResponse.statusCode, 400);
    assert.deepEqual(fileResponse.json().errors, [
      { field: 'first_name', msg: 'This field must be text, not a file' },
    ]);

    const repeated = customerForm(FULL_FIELDS);
    repeated.append('phone', '0700000000');
    const repeatedResponse = await postCustomer(testApp.app, headers, repeated);
    assert.equal(repeatedResponse.statusCode, 400);
    assert.deepEqual(repeatedResponse.json().errors, [
      { field: 'phone', msg: 'This field was sent more than once' },
    ]);

    const textPhoto = customerForm(FULL_FIELDS, { national_id_photo: null });
    textPhoto.append('national_id_photo', 'C:\\photos\\id.jpg');
    const textPhotoResponse = await postCustomer(testApp.app, headers, textPhoto);
    assert.equal(textPhotoResponse.statusCode, 400);
    assert.deepEqual(textPhotoResponse.json().errors, [
      { field: 'national_id_photo', msg: 'National ID photo must be a file upload' },
    ]);

    const json = await testApp.app.inject({
      method: 'POST',
      url: '/api/customerNew',
      headers,
      payload: { first_name: 'Wanjiku' },
    });
    assert.equal(json.statusCode, 400);
    assert.ok(json.json().errors.some((e: { field: string }) => e.field === 'national_id_photo'));
    await assertNothingStored(testApp);
  });

  test('needs a signed-in caller', async (t) => {
    const testApp = await build(t);
    const response = await postCustomer(testApp.app, {}, customerForm(FULL_FIELDS));
    assert.equal(response.statusCode, 401);
    assert.equal(response.json().error, 'Unauthorized');
    await assertNothingStored(testApp);
  });
});
