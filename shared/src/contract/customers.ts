import { z } from 'zod';
import { APPLICATION_STATUSES, DEVICE_STATUSES, LOAN_STATUSES, REPAYMENT_STATUSES } from '../domain/statuses';
import {
  isoDateSchema,
  isoDateTimeSchema,
  messageSchema,
  moneySchema,
  paginated,
  requireSomeField,
  scopedListQuerySchema,
} from './common';
import { noteSchema } from './notes';
import { CUSTOMER_LISTS } from './customer-lists';
import {
  idField,
  intField,
  kenyanPhoneField,
  optionalIdField,
  nationalIdField,
  optionalNonNegativeMoneyField,
  optionalTextField,
  blankToUndefined,
  textField,
} from './validators';

// ---------------------------------------------------------------------------------------------
// Multipart bracket fields
// ---------------------------------------------------------------------------------------------

export type BracketValue = string | BracketValue[] | { [key: string]: BracketValue };

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]+\])*)$/;
type Node = Map<string, Node | string>;

/** Splits `referees[0][name]` into ['referees', '0', 'name']; null when the key is not of that form. */
export function splitBracketKey(key: string): string[] | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const segments = [
    match[1] as string,
    ...[...(match[2] ?? '').matchAll(/\[([^[\]]+)\]/g)].map((m) => m[1] as string),
  ];
  return segments.some((segment) => FORBIDDEN_SEGMENTS.has(segment)) ? null : segments;
}

const isIndex = (segment: string) => /^\d{1,6}$/.test(segment);

function toValue(node: Node, isRoot = false): BracketValue {
  const keys = [...node.keys()];
  if (!isRoot && keys.length > 0 && keys.every(isIndex)) {
    // Arrays are built from the indices in order, without holes: referees[0] and referees[5] give two items.
    return keys
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => {
        const child = node.get(key) as Node | string;
        return typeof child === 'string' ? child : toValue(child);
      });
  }
  const result: { [key: string]: BracketValue } = {};
  for (const [key, child] of node) result[key] = typeof child === 'string' ? child : toValue(child);
  return result;
}

/**
 * Turns flat multipart keys into nested values: `referees[0][name]` → `{ referees: [{ name }] }`,
 * `guarantors[1][collaterals][0][item_name]` → `{ guarantors: [, { collaterals: [{ item_name }] }] }`
 * (compacted). Segments that are all digits make arrays, ordered by index, without holes. Keys that
 * are malformed or would touch `__proto__`, `prototype` or `constructor` are dropped; a key that
 * conflicts with an earlier one (a value where a group already is, or the reverse) is dropped too.
 * Pure: the input is not changed.
 */
export function parseBracketFields(fields: Record<string, string>): Record<string, BracketValue> {
  const root: Node = new Map();
  for (const [key, value] of Object.entries(fields)) {
    const segments = splitBracketKey(key);
    if (!segments) continue;
    let node = root;
    let conflict = false;
    for (const segment of segments.slice(0, -1)) {
      const next = node.get(segment);
      if (next === undefined) {
        const created: Node = new Map();
        node.set(segment, created);
        node = created;
      } else if (typeof next === 'string') {
        conflict = true;
        break;
      } else {
        node = next;
      }
    }
    const last = segments[segments.length - 1] as string;
    if (conflict || node.get(last) instanceof Map) continue;
    if (!node.has(last)) node.set(last, value);
  }
  return toValue(root, true) as Record<string, BracketValue>;
}

// ---------------------------------------------------------------------------------------------
// Registration (POST /api/customerNew, multipart)
// ---------------------------------------------------------------------------------------------

export const refereeInputSchema = z.object({
  name: textField('Next of kin name', 200),
  id_number: nationalIdField('Next of kin ID number'),
  phone_number: kenyanPhoneField('Next of kin phone number'),
  relationship: textField('Next of kin relationship', 100),
});
export type RefereeInput = z.infer<typeof refereeInputSchema>;

export const collateralInputSchema = z.object({
  item_name: textField('Collateral item name', 200),
  item_count: intField('Collateral item count', 1, 10_000),
  additional_details: optionalTextField('Collateral details', 1000),
});
export type CollateralInput = z.infer<typeof collateralInputSchema>;

const optionalList = <T extends z.ZodTypeAny>(item: T, label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .array(item, { error: `${label} must be a list` })
      .max(max, `At most ${max} ${label.toLowerCase()} can be given`)
      .optional(),
  );

export const guarantorInputSchema = z.object({
  name: textField('Guarantor name', 200),
  relationship: textField('Guarantor relationship', 100),
  phone_number: kenyanPhoneField('Guarantor phone number'),
  collaterals: optionalList(collateralInputSchema, 'Guarantor collaterals', 50),
});
export type GuarantorInput = z.infer<typeof guarantorInputSchema>;

/**
 * Text fields of the registration, after `parseBracketFields`. The photos travel as file parts:
 * `national_id_photo` (required by the server) and `passport_photo` (optional).
 */
export const registerCustomerFieldsSchema = z.object({
  first_name: textField('First name', 100),
  last_name: textField('Last name', 100),
  phone: kenyanPhoneField('Phone number'),
  email: z.preprocess(
    blankToUndefined,
    z
      .email('Email must be a valid e-mail address')
      .max(254, 'Email must be at most 254 characters')
      .optional(),
  ),
  national_id: nationalIdField('National ID number'),
  county: textField('County', 100),
  occupation: textField('Occupation', 200),
  residence_details: optionalTextField('Residence details', 1000),
  address: textField('Address', 500),
  monthly_income: optionalNonNegativeMoneyField('Monthly income'),
  referees: z
    .array(refereeInputSchema, { error: 'At least one next of kin is required' })
    .min(1, 'At least one next of kin is required')
    .max(20, 'At most 20 next of kin can be given'),
  collaterals: optionalList(collateralInputSchema, 'Collaterals', 50),
  guarantors: optionalList(guarantorInputSchema, 'Guarantors', 20),
});
export type RegisterCustomerFields = z.infer<typeof registerCustomerFieldsSchema>;

/** Names of the file parts of the registration. */
export const CUSTOMER_PHOTO_FIELDS = ['national_id_photo', 'passport_photo'] as const;
export type CustomerPhotoField = (typeof CUSTOMER_PHOTO_FIELDS)[number];

export const registerCustomerResponseSchema = messageSchema.extend({ id: z.number().int() });
export type RegisterCustomerResponse = z.infer<typeof registerCustomerResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const customerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** +254XXXXXXXXX */
  phone: z.string(),
  email: z.string().nullable(),
  national_id: z.string(),
  county: z.string(),
  occupation: z.string(),
  residence_details: z.string().nullable(),
  address: z.string(),
  monthly_income: moneySchema.nullable(),
  /** Id of the user who registered the customer. */
  created_by: z.number().int(),
  created_by_name: z.string(),
  /** Asked for no reminders (issue 35): receipts and confirmations are still sent. */
  reminders_opt_out: z.boolean(),
  /** Short-lived signed URL of the photo, or null when there is none. */
  passport_photo: z.string().nullable(),
  /** Short-lived signed URL of the photo, or null when there is none. */
  national_id_photo: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type Customer = z.infer<typeof customerSchema>;

export const collateralSchema = z.object({
  id: z.number().int(),
  item_name: z.string(),
  item_count: z.number().int(),
  additional_details: z.string().nullable(),
});
export type Collateral = z.infer<typeof collateralSchema>;

export const refereeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  relationship: z.string(),
  phone_number: z.string(),
});
export type Referee = z.infer<typeof refereeSchema>;

/** Described as a next of kin is, without an ID number, with the collaterals they pledge. */
export const guarantorSchema = refereeSchema
  .omit({ id_number: true })
  .extend({ collaterals: z.array(collateralSchema) });
export type Guarantor = z.infer<typeof guarantorSchema>;

/** GET /api/customerNew/{id}: the customer's collaterals exclude those of the guarantors. */
export const customerDetailsSchema = z.object({
  customer: customerSchema,
  collaterals: z.array(collateralSchema),
  referees: z.array(refereeSchema),
  guarantors: z.array(guarantorSchema),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/**
 * GET /api/customers?role&userId&page(&search)(&sort&order)(&officerId)(&from&to): `from`/`to`
 * narrow to customers registered on those business days (Nairobi), `officerId` an admin's list to
 * one officer's book.
 */
export const customerListQuerySchema = scopedListQuerySchema(CUSTOMER_LISTS.customers.sorts);
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;
export const customersPageSchema = paginated(customerSchema);
export type CustomersPage = z.infer<typeof customersPageSchema>;

/**
 * GET /api/customers/phone-check?phone=…[&except=…]: who already has this phone number, asked while
 * a registration or an edit is typed (the officer is warned and may go on: the server does not
 * refuse a shared phone). Names only of the customers in the caller's book; of the others only
 * how many, so that an officer learns no name outside their book (docs/product.md#form-checks).
 */
export const phoneCheckQuerySchema = z.object({
  phone: kenyanPhoneField('Phone number'),
  /** The customer being edited, who is not a duplicate of themselves. */
  except: optionalIdField('Customer'),
});
export type PhoneCheckQuery = z.input<typeof phoneCheckQuerySchema>;

/** At most this many customers of one phone are named (and counted). */
export const PHONE_CHECK_LIMIT = 5;

export const phoneCheckResponseSchema = z.object({
  /** The phone as stored, +254XXXXXXXXX. */
  phone: z.string(),
  /** The customers of the caller's book with this phone (at most PHONE_CHECK_LIMIT). */
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** How many customers outside the caller's book have it (0 for an admin; counted up to PHONE_CHECK_LIMIT). */
  others: z.number().int(),
});
export type PhoneCheckResponse = z.infer<typeof phoneCheckResponseSchema>;

/**
 * The warning shown under a phone field, or null when no other customer has it: "0712345678 is
 * already the phone of Jane Wanjiru (customer 12)", "… of another customer" outside the book.
 */
export function phoneTakenWarning(typed: string, check: PhoneCheckResponse): string | null {
  const named = check.customers.map((c) => `${c.name} (customer ${c.id})`);
  if (check.others > 0)
    named.push(check.others === 1 ? 'another customer' : `${check.others} other customers`);
  if (named.length === 0) return null;
  const holders =
    named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  return `${typed.trim()} is already the phone of ${holders}`;
}

/** DELETE /api/customers/{id} */
export const deleteCustomerResponseSchema = messageSchema;
export type DeleteCustomerResponse = z.infer<typeof deleteCustomerResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The customer page (GET /api/customers/{id}/overview, PATCH /api/customers/{id})
// ---------------------------------------------------------------------------------------------

/** How many of each list the overview carries at most: the newest. */
export const CUSTOMER_OVERVIEW_LIMIT = 50;

/** One of the customer's loan applications, newest first. */
export const customerApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  amount: moneySchema,
  /** The loan product's name. */
  product: z.string(),
  model: z.string(),
  rejection_reason: z.string().nullable(),
  /** The loan made from it, once approved. */
  loan_id: z.number().int().nullable(),
  created_at: isoDateTimeSchema,
});
export type CustomerApplication = z.infer<typeof customerApplicationSchema>;

/** One of the customer's loans with its figures as of today, newest first. */
export const customerLoanSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  status: z.enum(LOAN_STATUSES),
  product: z.string(),
  model: z.string(),
  total: moneySchema,
  paid: moneySchema,
  balance: moneySchema,
  arrears: moneySchema,
  device_status: z.enum(DEVICE_STATUSES).nullable(),
  due_date: isoDateSchema.nullable(),
  disbursement_date: isoDateSchema.nullable(),
  repayment_pending: z.boolean(),
});
export type CustomerLoan = z.infer<typeof customerLoanSchema>;

/** One of the customer's repayments, newest recorded first. */
export const customerRepaymentSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  account_number: z.string(),
  /** The M-Pesa transaction code. */
  code: z.string(),
  amount: moneySchema,
  /** The business day it was paid. */
  date: isoDateSchema,
  status: z.enum(REPAYMENT_STATUSES),
});
export type CustomerRepayment = z.infer<typeof customerRepaymentSchema>;

/**
 * GET /api/customers/{id}/overview: the customer page in one answer. The details as
 * GET /api/customerNew/{id} gives them, and the newest CUSTOMER_OVERVIEW_LIMIT applications, loans,
 * repayments and loan notes of the customer. Outside the caller's book: 404.
 */
export const customerOverviewSchema = customerDetailsSchema.extend({
  applications: z.array(customerApplicationSchema),
  loans: z.array(customerLoanSchema),
  repayments: z.array(customerRepaymentSchema),
  notes: z.array(noteSchema),
});
export type CustomerOverview = z.infer<typeof customerOverviewSchema>;

/** A next of kin's corrected fields: `id` names one of the customer's. */
export const refereeUpdateSchema = refereeInputSchema.extend({ id: idField('Next of kin') });
export type RefereeUpdate = z.infer<typeof refereeUpdateSchema>;

/**
 * PATCH /api/customers/{id} (admins): the fields sent change, with the registration's validators
 * (the phone normalised to +254…). Email, residence details and monthly income left blank keep
 * their value. The national ID cannot change once the customer has an application or a loan (409).
 * Next of kin are corrected by id (none added or removed here).
 */
export const updateCustomerRequestSchema = requireSomeField(
  registerCustomerFieldsSchema
    .omit({ referees: true, collaterals: true, guarantors: true })
    .partial()
    .extend({
      referees: z
        .array(refereeUpdateSchema, { error: 'Next of kin must be a list' })
        .max(20, 'At most 20 next of kin can be given')
        .optional(),
    }),
  'Nothing to change: send at least one field',
);
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequestSchema>;
export type UpdateCustomerFields = z.infer<typeof updateCustomerRequestSchema>;
export const updateCustomerResponseSchema = messageSchema;
export type UpdateCustomerResponse = z.infer<typeof updateCustomerResponseSchema>;

/** Texts of the customer edit that the server and the client share. */
export const CUSTOMER_EDIT_TEXTS = {
  updated: 'Customer updated successfully',
  nationalIdLocked: 'The national ID number cannot change once the customer has a loan application or a loan',
  duplicateNationalId: (nationalId: string) =>
    `A customer with national ID number ${nationalId} already exists`,
  unknownReferee: 'This next of kin is not one of the customer’s',
} as const;
