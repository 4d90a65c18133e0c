/**
 * Fuzzing of every write route (POST, PUT, PATCH, DELETE): bodies, path ids and queries derived
 * from the shared zod schemas and from a valid request changed one field at a time, mixed with
 * hostile values (NUL, SQL, lone surrogates, huge and oddly written numbers, 1 MB strings, wrong
 * types, odd ids). For every request: never a 5xx, never a stack trace or a source path in the
 * answer, and a refused request (4xx) changes nothing in the database or the stored files.
 *
 * FUZZ_RUNS sets the cases per route (default 200; `npm run fuzz` runs 5,000). The seed is the
 * run's TEST_SEED (test/property-seed.ts): fixed in `npm test`, random in `npm run fuzz`, printed.
 * A route without a FUZZ entry fails the first test, naming it.
 */
import {
  lenderSettingsSchema,
  reminderOptOutSchema,
  sendMessageRequestSchema,
  updateMessageTemplateSchema,
} from '@lender/shared/contract/messages';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { c2bCallbackSchema } from '@lender/shared/contract/mpesa-c2b';
import { assignSuspenseRequestSchema, refundSuspenseRequestSchema } from '@lender/shared/contract/suspense';
import { c2bBody } from '../../test/fixtures';
import { MPESA_TEST_SECRET } from '../../test/helper';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import {
  approveApplicationRequestSchema,
  createApplicationRequestSchema,
  rejectApplicationRequestSchema,
} from '@lender/shared/contract/applications';
import {
  approveApplicationsBatchRequestSchema,
  approveRepaymentsBatchRequestSchema,
  disburseLoansBatchRequestSchema,
  rejectRepaymentsBatchRequestSchema,
} from '@lender/shared/contract/batch-decisions';
import { MAX_ID } from '@lender/shared/contract/common';
import { registerCustomerFieldsSchema, updateCustomerRequestSchema } from '@lender/shared/contract/customers';
import { disburseLoanRequestSchema, updateLoanRequestSchema } from '@lender/shared/contract/loans';
import { createNoteRequestSchema } from '@lender/shared/contract/notes';
import { createProductRequestSchema } from '@lender/shared/contract/products';
import {
  approveRepaymentRequestSchema,
  loanPaymentRequestSchema,
  rejectRepaymentRequestSchema,
} from '@lender/shared/contract/repayments';
import { putTargetsRequestSchema } from '@lender/shared/contract/targets';
import {
  changeOwnPasswordSchema,
  loginRequestSchema,
  registerUserSchema,
  resetPasswordSchema,
  updateUserSchema,
} from '@lender/shared/contract/users';
import type { TestApp } from '../../test/helper';
import { fixtureCustomer, freshMpesaCode } from '../../test/fixtures';
import { JPEG, PNG } from '../../test/support/customers';
import {
  applicationBody,
  type Book,
  buildListingRoutes,
  customerFields,
  type RouteKey,
  seedBook,
  type SignedIn,
  tokenOf,
} from '../../test/support/security';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

// Hostile values -----------------------------------------------------------------------------------

/** A number written into the JSON text as it is (1e309 is no JavaScript number: JSON.stringify would write null). */
class RawNumber {
  constructor(readonly text: string) {}
}
/** A file part of a multipart body. */
class FilePart {
  constructor(
    readonly bytes: Buffer,
    readonly name = 'photo.jpg',
  ) {}
}

const MEGABYTE = 'x'.repeat(1024 * 1024);

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  '; DROP TABLE loans;',
  "Robert'); DROP TABLE customers;--",
  '\uD800',
  'x\uDFFFy',
  '1e309',
  String(2 ** 53),
  '2147483648',
  '-1',
  '0x10',
  '0o17',
  '1e3',
  ' 1',
  '1,000',
  'Infinity',
  'NaN',
  '١٢٣',
  '__proto__',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '${7*7}',
  MEGABYTE,
];
const hostileNumbers: unknown[] = [
  2 ** 53,
  2 ** 53 + 2,
  2_147_483_648,
  -2_147_483_649,
  -1,
  0,
  -0,
  0.1 + 0.2,
  1.005,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  1e21,
  new RawNumber('1e309'),
  new RawNumber('-1e309'),
  new RawNumber('1e-400'),
  new RawNumber('123456789012345678901234567890'),
];
const wrongTypes: unknown[] = [
  null,
  true,
  false,
  [],
  [1],
  ['x'],
  {},
  { a: 1 },
  JSON.parse('{"__proto__": {"isAdmin": true}}'),
  { constructor: { prototype: { isAdmin: true } } },
  Array.from({ length: 1000 }, () => 0),
  JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`),
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...wrongTypes),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double(),
);

const hostileFiles = [
  new FilePart(Buffer.from('MZ\u0090 not an image'), 'setup.exe'),
  new FilePart(Buffer.alloc(0), 'empty.jpg'),
  new FilePart(Buffer.from('<svg onload="alert(1)"/>'), 'photo.svg'),
];

/** Ids as a path might carry them: real rows, other valid ids, and odd spellings. */
const hostileIds = [
  '0x1',
  ' 1',
  '1.0',
  '-1',
  '0',
  '99999999999',
  '1e0',
  '+1',
  '١',
  'abc',
  '1;DROP TABLE loans',
  '\u0000',
];

// Values from the shared schemas -------------------------------------------------------------------

/**
 * Values shaped by a zod schema: what it accepts in form (strings of its lengths, numbers within
 * its bounds, its enums) with hostile values mixed in at every depth. Refinements (an IMEI's check
 * digit) are not followed: the valid requests below reach those paths.
 */
function arbitraryOf(schema: z.core.$ZodType, depth = 0): fc.Arbitrary<unknown> {
  const leaf = (shaped: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: shaped }, hostileValue);
  if (schema instanceof z.ZodPipe) {
    // A preprocess is a pipe from a transform: its input is what the output schema describes.
    return schema.in instanceof z.ZodTransform
      ? arbitraryOf(schema.out, depth)
      : arbitraryOf(schema.in, depth);
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return fc.option(arbitraryOf(schema.unwrap() as z.ZodType, depth), { nil: undefined });
  }
  if (schema instanceof z.ZodNullable) return fc.option(arbitraryOf(schema.unwrap() as z.ZodType, depth));
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return fc.record(
      Object.fromEntries(Object.entries(shape).map(([key, inner]) => [key, arbitraryOf(inner, depth + 1)])),
    );
  }
  if (schema instanceof z.ZodArray) {
    if (depth > 3) return fc.constant([]);
    return leaf(fc.array(arbitraryOf(schema.element as z.ZodType, depth + 1), { maxLength: 3 }));
  }
  if (schema instanceof z.ZodString) {
    if (schema.format === 'email') return leaf(fc.emailAddress());
    return leaf(
      fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
    );
  }
  if (schema instanceof z.ZodNumber) {
    const min = Math.max(schema.minValue ?? -1e6, -1e12);
    const max = Math.min(schema.maxValue ?? 1e6, 1e12);
    const shaped = schema.isInt
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
    return leaf(fc.oneof(shaped, shaped.map(String)));
  }
  if (schema instanceof z.ZodEnum) return leaf(fc.constantFrom(...schema.options));
  if (schema instanceof z.ZodLiteral) return leaf(fc.constantFrom(...schema.values));
  if (schema instanceof z.ZodBoolean) return leaf(fc.boolean());
  return hostileValue;
}

// Requests -----------------------------------------------------------------------------------------

type Body = Record<string, unknown>;

/** What a case does to the valid request: a plan, applied when the case runs (valid bodies hold fresh codes). */
type BodyPlan =
  | { kind: 'valid' }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'drop'; key: string }
  | { kind: 'generated'; value: unknown }
  | { kind: 'whole'; value: unknown };

interface Case {
  as: SignedIn;
  /** The path's id: a real row's, another, or an odd spelling. */
  id: number | string;
  body: BodyPlan;
  query: Record<string, string>;
}

interface State {
  testApp: TestApp;
  book: Book;
  /** Current passwords of the callers (a successful change of one's own moves them). */
  passwords: Record<SignedIn, string>;
}

interface Target {
  /** Who makes the requests: the admin, and officer A where officers may call the route. */
  as: SignedIn[];
  /** Real rows for the path's :id. */
  ids?: (book: Book) => number[];
  /** The body's schema; none for routes without a body (anything sent is ignored or refused). */
  schema?: z.ZodType;
  /** A valid body, made afresh for each case; it may write a row it needs (then `prepares`). */
  valid?: (state: State, as: SignedIn) => Body | Promise<Body>;
  /** valid() writes to the database: the fingerprint is taken again before the request. */
  prepares?: boolean;
  /** Sent as multipart/form-data, as the product's forms do. */
  multipart?: boolean;
  /** A valid query string (PUT /api/targets). */
  query?: Record<string, string>;
  /** Tables a refused request writes by design: each failed sign-in is recorded and counted. */
  recordsRefusals?: string[];
}

const SIGN_IN_RECORDS = ['login_attempts', 'sign_in_throttles'];
let counter = 0;
const next = () => (counter += 1);
let applications = 0;

/** The first and second half of a list: rows for two routes that would consume them both. */
const halves = (ids: number[]) => [ids.slice(0, ids.length / 2), ids.slice(ids.length / 2)] as const;
/** Customers the deletion route may take; the others keep applying for loans. */
const deletable = (book: Book) => halves(book.customers)[1];

const customerPhotos = (fields: Body): Body => ({ ...fields, national_id_photo: new FilePart(JPEG) });

const FUZZ: Record<RouteKey, Target> = {
  'POST /api/users/login': {
    as: ['admin'],
    schema: loginRequestSchema,
    valid: ({ book }) => ({ email: book.signIn.email, password: book.signIn.password }),
    recordsRefusals: SIGN_IN_RECORDS,
  },
  'POST /api/users/logout': { as: ['admin', 'officerA'] },
  'POST /api/users/session/renew': { as: ['admin', 'officerA'] },
  'POST /api/users/register': {
    as: ['admin'],
    multipart: true,
    schema: registerUserSchema,
    valid: () => ({
      firstName: 'Grace',
      lastName: 'Njeri',
      email: `fuzz${next()}@lender.test`,
      role: 'officer',
      password: 'Secret123!',
      avatar: new FilePart(PNG, 'avatar.png'),
    }),
  },
  'PATCH /api/users/:id': {
    as: ['admin'],
    ids: (book) => [...book.spareUsers, ...book.inactiveUsers],
    schema: updateUserSchema,
    valid: () => ({ firstName: `Edited${next()}`, role: 'officer' }),
  },
  'POST /api/users/:id/deactivate': { as: ['admin'], ids: (book) => book.spareUsers },
  'POST /api/users/:id/reactivate': {
    as: ['admin'],
    ids: (book) => [...book.inactiveUsers, ...book.spareUsers],
  },
  'POST /api/users/:id/reset-password': {
    as: ['admin'],
    ids: (book) => book.spareUsers,
    schema: resetPasswordSchema,
    valid: () => ({ password: 'Temporary-123' }),
  },
  'POST /api/users/me/password': {
    as: ['admin', 'officerA'],
    schema: changeOwnPasswordSchema,
    valid: ({ passwords }, as) => ({ currentPassword: passwords[as], newPassword: `New-Password-${next()}` }),
    recordsRefusals: SIGN_IN_RECORDS,
  },
  'DELETE /api/sign-in-throttles/:id': { as: ['admin'], ids: (book) => book.throttles },
  'POST /api/customerNew': {
    as: ['admin', 'officerA'],
    multipart: true,
    schema: registerCustomerFieldsSchema,
    valid: () => customerPhotos(customerFields()),
  },
  'PATCH /api/customers/:id': {
    as: ['admin'],
    ids: (book) => [...book.customers, book.customerWithPhoto, book.customerOfB],
    schema: updateCustomerRequestSchema,
    valid: () => ({ occupation: `Fuzzed trade ${next()}`, phone: '0712 345 678', monthly_income: 1500.5 }),
  },
  'DELETE /api/customers/:id': {
    as: ['admin'],
    ids: (book) => [...deletable(book), book.customerWithPhoto, book.customerOfB],
  },
  'PUT /api/loans/disburse/:id': {
    as: ['admin'],
    ids: (book) => [...book.pendingLoans, ...book.waitingLoans],
    schema: disburseLoanRequestSchema,
    valid: () => ({ mpesaCode: freshMpesaCode('FD') }),
  },
  'POST /api/loans/loan-payment': {
    as: ['admin', 'officerA'],
    schema: loanPaymentRequestSchema,
    valid: ({ book }) => ({
      loanId: book.payingLoans[next() % book.payingLoans.length],
      amount: 10,
      mpesaCode: freshMpesaCode('FP'),
      method: 'mpesa',
    }),
  },
  'POST /api/loans/notes/:id': {
    as: ['admin', 'officerA'],
    ids: (book) => [...book.payingLoans, ...book.waitingLoans, ...book.pendingLoans],
    schema: createNoteRequestSchema,
    valid: () => ({ note: 'Called the customer', note_date: '2025-03-10' }),
  },
  'PATCH /api/loans/:id': {
    as: ['admin'],
    ids: (book) => [...book.waitingLoans, ...book.payingLoans],
    schema: updateLoanRequestSchema,
    valid: () => ({ model: `Tecno Spark ${next()}`, purpose: 'Phone for business' }),
  },
  // Issue 35.
  'POST /api/loans/:id/messages': {
    as: ['admin', 'officerA'],
    ids: (book) => book.payingLoans,
    schema: sendMessageRequestSchema,
    valid: () => ({ text: `Please call the office ${next()}` }),
  },
  'POST /api/customers/:id/reminders': {
    as: ['admin', 'officerA'],
    ids: (book) => book.customers,
    schema: reminderOptOutSchema,
    valid: () => ({ opted_out: true }),
  },
  'POST /api/device-commands/:id/retry': { as: ['admin'], ids: (book) => book.payingLoans },
  'DELETE /api/loans/:id/device-alert': { as: ['admin'], ids: (book) => book.payingLoans },
  'PUT /api/message-templates/:kind': {
    as: ['admin'],
    schema: updateMessageTemplateSchema,
    valid: () => ({ text: `Received Ksh {amount} (${next()})` }),
  },
  'PUT /api/lender-settings': {
    as: ['admin'],
    schema: lenderSettingsSchema,
    valid: () => ({
      auto_lock: false,
      reminder_days_before: 3,
      paybill_number: '522533',
      reminders_enabled: true,
    }),
  },
  'PUT /api/loans/lock/:id': { as: ['admin'], ids: (book) => [...book.waitingLoans, ...book.payingLoans] },
  'PUT /api/loans/repossess/:id': {
    as: ['admin'],
    ids: (book) => [...book.waitingLoans, ...book.pendingLoans],
  },
  'POST /api/loanProducts': {
    as: ['admin'],
    schema: createProductRequestSchema,
    valid: () => ({
      name: `Fuzz plan ${next()}`,
      minAmount: 1000,
      maxAmount: 50_000,
      interestRate: 10,
      durationDays: 28,
    }),
  },
  'PUT /api/targets': {
    as: ['admin'],
    schema: putTargetsRequestSchema,
    query: { month: '3', year: '2025' },
    valid: ({ book }) => ({
      targets: [
        { officerId: null, disbursementTarget: 1000, collectionTarget: 500 },
        { officerId: book.officerA.id, disbursementTarget: 200.5, collectionTarget: 0 },
      ],
    }),
  },
  'POST /api/loansApplication': {
    as: ['admin', 'officerA'],
    schema: createApplicationRequestSchema,
    // Every other case for a new customer: one pending application per customer would otherwise
    // refuse nearly all of them.
    prepares: true,
    valid: async ({ testApp, book }) => {
      const applicants = book.customers.filter((id) => !deletable(book).includes(id));
      applications += 1;
      const customerId =
        applications % 2
          ? (await fixtureCustomer(testApp.db, book.officerA.id)).id
          : applicants[applications % applicants.length]!;
      return applicationBody(book.productId, customerId);
    },
  },
  'PUT /api/loansApplication/approve/:id': {
    as: ['admin'],
    ids: (book) => halves(book.pendingApplications)[0],
    schema: approveApplicationRequestSchema,
    valid: () => ({ disbursedAmount: 10_000 }),
  },
  'POST /api/loansApplication/approve-batch': {
    as: ['admin'],
    schema: approveApplicationsBatchRequestSchema,
    valid: ({ book }) => ({ ids: halves(book.pendingApplications)[0].slice(0, 2) }),
  },
  'POST /api/loans/disburse-batch': {
    as: ['admin'],
    schema: disburseLoansBatchRequestSchema,
    valid: ({ book }) => ({ items: [{ id: book.pendingLoans[0] ?? 0, mpesaCode: freshMpesaCode('FB') }] }),
  },
  'POST /api/repayments/approve-batch': {
    as: ['admin'],
    schema: approveRepaymentsBatchRequestSchema,
    valid: ({ book }) => ({ ids: book.pendingRepayments.slice(0, 2) }),
  },
  'PUT /api/loansApplication/reject/:id': {
    as: ['admin'],
    ids: (book) => halves(book.pendingApplications)[1],
    schema: rejectApplicationRequestSchema,
    valid: () => ({ reason: 'Income too low' }),
  },
  // The callbacks are public (the secret is in the path); fuzzed as M-Pesa would never send them.
  'POST /api/mpesa/c2b/:secret/validation': {
    as: ['admin'],
    schema: c2bCallbackSchema,
    valid: ({ book }) => c2bBody({ account: encodeAccountNumber(book.waitingLoans[0] ?? 0), amount: 100 }),
  },
  'POST /api/mpesa/c2b/:secret/confirmation': {
    as: ['admin'],
    schema: c2bCallbackSchema,
    valid: ({ book }) => c2bBody({ account: encodeAccountNumber(book.waitingLoans[1] ?? 0), amount: 1 }),
  },
  'POST /api/mpesa/suspense/:id/assign': {
    as: ['admin'],
    ids: (book) => halves(book.suspensePayments)[0],
    schema: assignSuspenseRequestSchema,
    valid: ({ book }) => ({ loanId: book.waitingLoans[2] ?? 0 }),
  },
  'POST /api/mpesa/suspense/:id/refund': {
    as: ['admin'],
    ids: (book) => halves(book.suspensePayments)[1],
    schema: refundSuspenseRequestSchema,
    valid: () => ({ note: `Refunded ${next()}` }),
  },
  'PUT /api/repayments/:id': {
    as: ['admin'],
    ids: (book) => book.pendingRepayments,
    schema: approveRepaymentRequestSchema,
    valid: () => ({ status: 'paid' }),
  },
  'PUT /api/repayments/reject/:id': {
    as: ['admin'],
    ids: (book) => book.rejectableRepayments,
    schema: rejectRepaymentRequestSchema,
    valid: () => ({ reason: 'Code not on the statement' }),
  },
  'POST /api/repayments/reject-batch': {
    as: ['admin'],
    schema: rejectRepaymentsBatchRequestSchema,
    valid: ({ book }) => ({ ids: book.rejectableRepayments.slice(0, 2), reason: 'Amount typed wrong' }),
  },
};

/** Keys a mass assignment would try, besides the schema's own. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'id', 'role', 'officerId', 'createdBy', 'status', 'isActive'];

function caseArbitrary(target: Target, book: Book): fc.Arbitrary<Case> {
  const shape = target.schema ? objectShape(target.schema) : {};
  const keys = [...new Set([...Object.keys(shape), ...EXTRA_KEYS])];
  const realIds = target.ids?.(book) ?? [];
  const protectedIds = new Set(
    [book.admin, book.officerA, book.officerB, book.signIn, book.signedOut, book.deactivated].map(
      (s) => s.id,
    ),
  );
  const otherIds = [
    // Another id, never one of the callers': deactivating the admin would end the run's sessions.
    fc.integer({ min: 1, max: MAX_ID }).filter((n) => !protectedIds.has(n)),
    fc.constantFrom(...hostileIds),
  ];
  const id = realIds.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...realIds) }, ...otherIds)
    : fc.oneof(...otherIds);
  // A multipart field may also come as a file, and a photo as bytes that are no image.
  const hostile = target.multipart ? fc.oneof(hostileValue, fc.constantFrom(...hostileFiles)) : hostileValue;
  const value = (key: string) => (shape[key] ? fc.oneof(arbitraryOf(shape[key]), hostile) : hostile);
  const body: fc.Arbitrary<BodyPlan> = fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'valid' as const }) },
    {
      weight: 8,
      arbitrary: fc
        .constantFrom(...keys)
        .chain((key) => value(key).map((v): BodyPlan => ({ kind: 'set', key, value: v }))),
    },
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((key): BodyPlan => ({ kind: 'drop', key })) },
    {
      weight: 2,
      arbitrary: (target.schema ? arbitraryOf(target.schema) : hostileValue).map((v): BodyPlan => ({
        kind: 'generated',
        value: v,
      })),
    },
    { weight: 1, arbitrary: hostileValue.map((v): BodyPlan => ({ kind: 'whole', value: v })) },
  );
  const query = target.query
    ? fc.record(
        Object.fromEntries(
          Object.entries(target.query).map(([key, valid]) => [
            key,
            fc.oneof(
              { weight: 4, arbitrary: fc.constant(valid) },
              fc.constantFrom(...hostileStrings, ...hostileIds),
            ),
          ]),
        ),
      )
    : fc.constant({});
  return fc.record({ as: fc.constantFrom(...target.as), id, body, query });
}

/** The object schema inside pipes, refinements and defaults (an object's fields, for mutations). */
function objectShape(schema: z.core.$ZodType): Record<string, z.ZodType> {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe)
    return objectShape(schema.in instanceof z.ZodTransform ? schema.out : schema.in);
  return {};
}

function applyPlan(valid: Body, plan: BodyPlan): unknown {
  switch (plan.kind) {
    case 'valid':
      return valid;
    case 'set': {
      const body = { ...valid };
      // An own property even for __proto__ (an assignment would set the prototype).
      Object.defineProperty(body, plan.key, { value: plan.value, enumerable: true, writable: true });
      return body;
    }
    case 'drop': {
      const { [plan.key]: _dropped, ...rest } = valid;
      return rest;
    }
    case 'generated':
    case 'whole':
      return plan.value;
  }
}

/** JSON text with raw numbers as written. */
function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof RawNumber) return `\u0001raw${raws.push(inner.text) - 1}\u0001`;
    return inner;
  });
  return (text ?? 'null').replace(
    /"\\u0001raw(\d+)\\u0001"/g,
    (_match, index: string) => raws[Number(index)] ?? '0',
  );
}

/** A multipart form: nested values in bracket keys (referees[0][name]), files as file parts. */
function formOf(value: unknown): FormData | string {
  const form = new FormData();
  const add = (inner: unknown, name: string): void => {
    if (inner === undefined) return;
    if (inner instanceof FilePart) form.append(name || 'file', new Blob([inner.bytes]), inner.name);
    else if (inner instanceof RawNumber) form.append(name || 'value', inner.text);
    else if (inner !== null && typeof inner === 'object') {
      for (const [key, nested] of Object.entries(inner)) add(nested, name ? `${name}[${key}]` : key);
    } else form.append(name || 'value', String(inner));
  };
  // A body that is no object is sent as JSON: a multipart route must refuse it cleanly too.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return jsonText(value);
  add(value, '');
  return form;
}

// Checks -------------------------------------------------------------------------------------------

/** A stack frame, a source path or a dependency's path: what an answer must never show. */
const LEAK = /(\n|\\n)\s+at |\bat [\w$.<>]+ \(|node_modules|\/src\/[\w/.-]+\.[cm]?[jt]s|\.ts:\d+:\d+/;

/** The rows a query answers, on PGlite and PostgreSQL alike. */
async function rowsOf<T>({ db }: TestApp, query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/**
 * Counts the rows written to every table (inserted, updated, deleted; a truncation counts one),
 * in a table of the test's own database, by triggers: a refused request must leave the counts as
 * they were, and a write it rolled back leaves them too. Reading them costs the same however big
 * the book grows, where a checksum of every row would not.
 */
async function countWrites(testApp: TestApp): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      testApp,
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);
  assert.ok(tables.includes('loans') && tables.includes('audit_log'), `tables found: ${tables.join(', ')}`);
  await rowsOf(testApp, `create table fuzz_writes (name text primary key, n bigint not null)`);
  await rowsOf(
    testApp,
    `create function fuzz_count_write() returns trigger language plpgsql as $$
     begin
       insert into fuzz_writes values (TG_TABLE_NAME, 1) on conflict (name) do update set n = fuzz_writes.n + 1;
       return null;
     end $$`,
  );
  for (const table of tables) {
    await rowsOf(
      testApp,
      `create trigger fuzz_count_rows after insert or update or delete on "${table}"
         for each row execute function fuzz_count_write()`,
    );
    await rowsOf(
      testApp,
      `create trigger fuzz_count_truncate after truncate on "${table}" for each statement execute function fuzz_count_write()`,
    );
  }
  return tables;
}

/** The rows written to each table so far, and the stored files: equal when nothing was written. */
async function fingerprint(testApp: TestApp): Promise<Map<string, string>> {
  const rows = await rowsOf<{ name: string; n: string }>(
    testApp,
    'select name, n::text as n from fuzz_writes',
  );
  const result = new Map(rows.map((row) => [row.name, row.n]));
  result.set('files on disk', (await readdir(testApp.filesDir).catch(() => [] as string[])).sort().join(','));
  return result;
}

function changedTables(before: Map<string, string>, after: Map<string, string>, ignored: string[]): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !ignored.includes(name) && before.get(name) !== after.get(name));
}

// Tests --------------------------------------------------------------------------------------------

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

test('every write route the server registers is fuzzed', async (t) => {
  const { routes } = await buildListingRoutes(t);
  const writes = routes.filter((route) => WRITE_METHODS.has(route.split(' ')[0] ?? ''));
  const missing = writes.filter((route) => !FUZZ[route]);
  assert.deepEqual(
    missing,
    [],
    `No FUZZ entry (api/src/security/write-fuzz.test.ts) for: ${missing.join(', ')}. Add one with its schema and a valid request.`,
  );
});

test(`write routes: never a 5xx or a stack trace; a refused request changes nothing (${RUNS} cases a route)`, async (t) => {
  const started = Date.now();
  const { testApp } = await buildListingRoutes(t, { rateLimitMax: 1_000_000 });
  const { app } = testApp;
  const book = await seedBook(testApp, 4);
  const state: State = {
    testApp,
    book,
    passwords: {
      admin: book.admin.password,
      officerA: book.officerA.password,
      officerB: book.officerB.password,
    },
  };
  const tables = await countWrites(testApp);

  const histogram = new Map<number, number>();
  const lines: string[] = [];
  let requests = 0;
  let writes = 0;
  let before = await fingerprint(testApp);
  for (const [route, target] of Object.entries(FUZZ) as [RouteKey, Target][]) {
    const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary(target, book), async (c) => {
        const valid = (await target.valid?.(state, c.as)) ?? {};
        if (target.prepares) before = await fingerprint(testApp);
        const body = applyPlan(valid, c.body);
        const query = new URLSearchParams(c.query).toString();
        const url = `${path
          .replace(':secret', MPESA_TEST_SECRET)
          .replace(':id', encodeURIComponent(String(c.id)))
          .replace(':kind', 'receipt')}${query ? `?${query}` : ''}`;
        const payload = target.multipart ? formOf(body) : jsonText(body);
        const n = next();
        const response = await app.inject({
          method,
          url,
          // An address of its own, so that throttling of failed sign-ins does not end the run's.
          remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          headers: {
            authorization: `Bearer ${await tokenOf(testApp, book[c.as].id)}`,
            ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
          },
          payload,
        });
        requests += 1;
        const status = response.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        histogram.set(status, (histogram.get(status) ?? 0) + 1);
        const sent = `${method} ${url.slice(0, 200)} as ${c.as} with ${jsonText(body).slice(0, 300)}`;
        assert.ok(status < 500, `${sent}: ${status} ${response.body}`);
        assert.doesNotMatch(response.body, LEAK, `${sent}: the answer shows the server's insides`);
        const after = await fingerprint(testApp);
        if (status < 300 && changedTables(before, after, []).length > 0) writes += 1;
        if (status >= 400) {
          assert.equal(typeof JSON.parse(response.body).message, 'string', `${sent}: ${response.body}`);
          const changed = changedTables(before, after, target.recordsRefusals ?? []);
          assert.deepEqual(
            changed,
            [],
            `${sent}: refused with ${status} ${response.body.slice(0, 200)}, yet wrote ${changed.join(', ')}`,
          );
        }
        if (route === 'POST /api/users/me/password' && status === 200) {
          state.passwords[c.as] = String((body as Body).newPassword);
        }
        before = after;
      }),
      { numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
    );
    lines.push(
      `${route}: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const summary = [
    `${Object.keys(FUZZ).length} routes fuzzed, ${RUNS} cases per route, ${requests} requests in ${seconds} s, writes to ${tables.length} tables counted`,
    `statuses: ${[...histogram]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
    ...lines,
  ];
  for (const line of summary) t.diagnostic(line);
  // The fingerprint sees what the accepted requests wrote, so it would see a refused one's too.
  assert.ok(writes > 0, 'no accepted request changed the fingerprint');
});
