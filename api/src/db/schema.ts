/**
 * The whole product's schema, designed up front so that later work adds endpoints rather than
 * tables. Money is numeric(14,2) (drivers return it as a string: convert with domain/money),
 * business dates are `date` (YYYY-MM-DD in the lender's zone), instants are timestamptz.
 * Closed value sets are text columns with CHECK constraints built from the shared enums, which
 * migrate more easily than PostgreSQL enum types.
 *
 * After a change: `pnpm --filter ./api db:generate`, then commit the new migration.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { THROTTLE_SCOPES, type ThrottleScope } from '@lender/shared/contract/sign-in-throttles';
import { ROLES, type Role } from '@lender/shared/domain/roles';
import { REPAYMENT_SOURCES, type RepaymentSource } from '@lender/shared/contract/repayments';
import { NOTE_TYPES, type NoteType } from '@lender/shared/contract/notes';
import { BACKUP_KINDS, type BackupKind } from '@lender/shared/contract/backups';
import {
  DEVICE_ACTIONS,
  DEVICE_COMMAND_REASONS,
  DEVICE_COMMAND_STATUSES,
  type DeviceAction,
  type DeviceCommandReason,
  type DeviceCommandStatus,
} from '@lender/shared/contract/device-lock';
import { MESSAGE_STATUSES, type MessageStatus } from '@lender/shared/contract/messages';
import { MESSAGE_KINDS, type MessageKind } from '@lender/shared/domain/message-templates';
import {
  MPESA_PAYMENT_STATUSES,
  SUSPENSE_REASONS,
  type MpesaPaymentStatus,
  type SuspenseReason,
} from '@lender/shared/contract/suspense';
import {
  APPLICATION_STATUSES,
  DEVICE_LOCK_STATES,
  DEVICE_STATUSES,
  LOAN_STATUSES,
  REPAYMENT_STATUSES,
  type ApplicationStatus,
  type DeviceLockState,
  type DeviceStatus,
  type LoanStatus,
  type RepaymentStatus,
} from '@lender/shared/domain/statuses';

/** `column in ('a', 'b')` for a CHECK constraint; the values are our own constants. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const businessDay = (name: string) => date(name, { mode: 'string' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const FILE_OWNER_ENTITIES = ['user', 'customer', 'guarantor'] as const;
export const FILE_PURPOSES = ['avatar', 'passport_photo', 'national_id_photo'] as const;
export const MPESA_CODE_USES = ['application_deposit', 'disbursement', 'repayment'] as const;
export const LOGIN_OUTCOMES = ['success', 'failure', 'blocked'] as const;
export const TARGET_KINDS = ['disbursement', 'collection'] as const;
export const INSTALLMENT_TYPES = ['weekly'] as const;
export const PAYMENT_METHODS = ['mpesa'] as const;

// ---------------------------------------------------------------------------------------------
// Staff, sign-in, audit, files
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** As entered (trimmed); uniqueness and sign-in compare lower(email). */
    email: text('email').notNull(),
    /** argon2id; never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    avatarKey: text('avatar_key').references((): AnyPgColumn => files.key, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Tokens carry the version they were issued under and are refused once it moves on: sign-out
     * (and anything else that must end a user's sessions) increments it, on every instance at once.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Set by an admin's password reset: until the user picks a new one, only that is allowed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    lastLoginAt: instant('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check('users_role_check', oneOf(t.role, ROLES)),
  ],
);

/**
 * Sign-in throttling (domain/sign-in-throttle.ts): one row per (account, address) pair and per
 * address that has failed recently. The row is locked while an attempt is admitted, so the check
 * and the count are one step on every instance.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    id: id(),
    scope: text('scope').$type<ThrottleScope>().notNull(),
    /** lower(trim(email)) for a pair; '' for an address (a unique key needs no nulls). */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    /** Reservations whose password is still being checked (domain/sign-in-throttle.ts). */
    inFlight: integer('in_flight').notNull().default(0),
    lastFailureAt: instant('last_failure_at').notNull(),
    blockedUntil: instant('blocked_until'),
    /**
     * Attempts refused while this key waits, since its last admitted one: counted here rather than
     * written as rows, so that a flood of refused attempts does not grow the database.
     */
    refused: integer('refused').notNull().default(0),
  },
  (t) => [
    unique('sign_in_throttles_key').on(t.scope, t.ip, t.email),
    index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt.desc(), t.id.desc()),
    check('sign_in_throttles_scope_check', oneOf(t.scope, THROTTLE_SCOPES)),
  ],
);

/**
 * Secrets the server generates itself, one row per name, shared by every instance on this
 * database: 'jwt' signs the tokens (and keys the signed file URLs) when JWT_SECRET is unset, so a
 * token issued by one instance is accepted by all. The first instance to start inserts it (insert …
 * on conflict do nothing, then read: a race leaves one value); JWT_SECRET, when set, wins.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Every sign-in attempt and its outcome: the sign-in history (throttling reads sign_in_throttles). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** lower(trim(email)) as typed, whether or not such a user exists. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    outcome: text('outcome').$type<(typeof LOGIN_OUTCOMES)[number]>().notNull(),
    attemptedAt: instant('attempted_at').notNull(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.attemptedAt),
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
    index('login_attempts_attempted_at_idx').on(t.attemptedAt),
    check('login_attempts_outcome_check', oneOf(t.outcome, LOGIN_OUTCOMES)),
  ],
);

/** Every change of state, written in the same transaction as the change (docs/product.md#errors). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for changes the system makes itself (the first admin, ageing). */
    actorId: integer('actor_id').references(() => users.id),
    /** Dotted verb: user.created, loan.disbursed, repayment.approved… */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** The loan the change concerns, if any: the loan page's "Loan History" reads by it. */
    loanId: integer('loan_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: instant('at').notNull(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_loan_idx').on(t.loanId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** Uploaded files (photos, avatars). The bytes live in the storage (local disk by default) under `key`. */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    ownerEntity: text('owner_entity').$type<(typeof FILE_OWNER_ENTITIES)[number]>().notNull(),
    ownerId: integer('owner_id').notNull(),
    purpose: text('purpose').$type<(typeof FILE_PURPOSES)[number]>().notNull(),
    /** Recognised from the bytes, never from the name or the declared type. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerEntity, t.ownerId),
    check('files_owner_entity_check', oneOf(t.ownerEntity, FILE_OWNER_ENTITIES)),
    check('files_purpose_check', oneOf(t.purpose, FILE_PURPOSES)),
    check('files_mime_check', oneOf(t.mime, ['image/jpeg', 'image/png', 'image/webp'])),
    check('files_size_check', sql`${t.size} > 0 and ${t.size} <= 5242880`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

export const customers = pgTable(
  'customers',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** +254XXXXXXXXX */
    phone: text('phone').notNull(),
    email: text('email'),
    nationalId: text('national_id').notNull(),
    county: text('county').notNull(),
    occupation: text('occupation').notNull(),
    residenceDetails: text('residence_details'),
    address: text('address'),
    monthlyIncome: money('monthly_income'),
    passportPhotoKey: text('passport_photo_key').references(() => files.key),
    nationalIdPhotoKey: text('national_id_photo_key').references(() => files.key),
    /** The officer whose book the customer belongs to. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** The customer asked for no reminders (issue 35): receipts and confirmations are still sent. */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_national_id_key').on(t.nationalId),
    // The lists' order is `created_at desc, id desc`: read backwards, these ascending indexes
    // give it exactly (a DESC NULLS LAST index would not match ORDER BY … DESC, which is NULLS FIRST).
    /** An officer's book, newest first. */
    index('customers_created_by_idx').on(t.createdBy, t.createdAt, t.id),
    /** Everyone's customers, newest first (an admin's list). */
    index('customers_created_at_idx').on(t.createdAt, t.id),
    index('customers_name_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`),
    /**
     * An officer's loan lists sorted by customer name (loans/lists.ts SORT_COLUMNS), once the
     * officer's condition also names customers.created_by (a loan's officer is its customer's,
     * docs/product.md#roles-and-scope): the officer's customers in name order. Without it the planner walks every
     * customer by name and keeps the officer's (2 s at 200k loans; 1 ms with it).
     */
    index('customers_created_by_name_idx').on(
      t.createdBy,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
    ),
    // The list sorted by name (customers/repository.ts customerSortName: the same expression, as
    // the planner matches an expression index only on an identical one), everyone's and an officer's.
    index('customers_sort_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('customers_created_by_sort_name_idx').on(
      t.createdBy,
      sql`lower(${t.firstName} || ' ' || ${t.lastName})`,
      t.id,
    ),
    // The searches' contains-matches (customers/repository.ts customerSearch; the loan and
    // repayment lists' name search), as pg_trgm GIN indexes, which serve LIKE and ILIKE '%…%'
    // for a term of 3 or more characters. The name index's expression is the one the queries use
    // (sql-helpers.ts customerSearchName): the planner matches an expression index only on an identical one.
    index('customers_search_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.firstName}) gin_trgm_ops`,
    ),
    index('customers_national_id_trgm_idx').using('gin', t.nationalId.op('gin_trgm_ops')),
    index('customers_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    // The header search's whole number (search/repository.ts): a B-tree answers it in a few
    // pages; the trigram index would AND eleven trigrams every phone shares (+254 7…): 17 ms at 200k.
    index('customers_phone_idx').on(t.phone),
    check('customers_national_id_check', sql`${t.nationalId} ~ '^[0-9]{6,10}$'`),
    check('customers_phone_check', sql`${t.phone} ~ '^\\+254[0-9]{9}$'`),
    check('customers_monthly_income_check', sql`${t.monthlyIncome} >= 0`),
  ],
);

/** Next of kin: at least one per customer (enforced by the registration service). */
export const referees = pgTable(
  'referees',
  {
    id: id(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull(),
    phoneNumber: text('phone_number').notNull(),
    relationship: text('relationship').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referees_customer_idx').on(t.customerId)],
);

export const collaterals = pgTable(
  'collaterals',
  {
    id: id(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemCount: integer('item_count').notNull().default(1),
    additionalDetails: text('additional_details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('collaterals_customer_idx').on(t.customerId),
    check('collaterals_item_count_check', sql`${t.itemCount} > 0`),
  ],
);

export const guarantors = pgTable(
  'guarantors',
  {
    id: id(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    idNumber: text('id_number'),
    phoneNumber: text('phone_number').notNull(),
    relationship: text('relationship').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('guarantors_customer_idx').on(t.customerId)],
);

export const guarantorCollaterals = pgTable(
  'guarantor_collaterals',
  {
    id: id(),
    guarantorId: integer('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemCount: integer('item_count').notNull().default(1),
    additionalDetails: text('additional_details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('guarantor_collaterals_guarantor_idx').on(t.guarantorId),
    check('guarantor_collaterals_item_count_check', sql`${t.itemCount} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Products, M-Pesa codes, applications, loans, repayments
// ---------------------------------------------------------------------------------------------

export const loanProducts = pgTable(
  'loan_products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** Flat percentage of the principal for the whole term. */
    interestRate: numeric('interest_rate', { precision: 5, scale: 2 }).notNull(),
    durationDays: integer('duration_days').notNull().default(30),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_products_name_lower_key').on(sql`lower(${t.name})`),
    check('loan_products_min_amount_check', sql`${t.minAmount} > 0`),
    check('loan_products_max_amount_check', sql`${t.maxAmount} >= ${t.minAmount}`),
    check('loan_products_interest_rate_check', sql`${t.interestRate} >= 0 and ${t.interestRate} <= 100`),
    check('loan_products_duration_days_check', sql`${t.durationDays} between 7 and 730`),
  ],
);

/**
 * The registry of M-Pesa transaction codes ever recorded. A code is one real-world transaction,
 * so it can be used once anywhere: the primary key makes a second use fail (409) whichever
 * table it was meant for (docs/product.md#money-time-and-identifiers).
 */
export const mpesaCodes = pgTable(
  'mpesa_codes',
  {
    code: text('code').primaryKey(),
    usedFor: text('used_for').$type<(typeof MPESA_CODE_USES)[number]>().notNull(),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: instant('recorded_at').notNull(),
  },
  (t) => [
    check('mpesa_codes_code_check', sql`${t.code} ~ '^[A-Z0-9]{10}$'`),
    check('mpesa_codes_used_for_check', oneOf(t.usedFor, MPESA_CODE_USES)),
  ],
);

/**
 * Every paybill payment M-Pesa confirmed (issue 13), once per TransID (M-Pesa resends), with what
 * became of it: applied to a loan, waiting in suspense (all of it or an overpayment's remainder,
 * `unapplied`), or refunded. The raw callback is kept for disputes.
 */
export const mpesaPayments = pgTable(
  'mpesa_payments',
  {
    id: id(),
    transId: text('trans_id').notNull(),
    transType: text('trans_type').notNull(),
    /** TransTime read in Nairobi time. */
    transTime: instant('trans_time').notNull(),
    /** The business day of trans_time in the lender's zone. */
    paidDate: businessDay('paid_date').notNull(),
    amount: money('amount').notNull(),
    unapplied: money('unapplied').notNull(),
    /** BillRefNumber as the customer typed it. */
    billRef: text('bill_ref').notNull(),
    shortCode: text('short_code').notNull(),
    msisdn: text('msisdn').notNull(),
    payerName: text('payer_name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<MpesaPaymentStatus>().notNull(),
    reason: text('reason').$type<SuspenseReason>(),
    /** The loan the account number named, if it named one. */
    loanId: integer('loan_id').references(() => loans.id),
    receivedAt: instant('received_at').notNull(),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: instant('resolved_at'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('mpesa_payments_trans_id_key').on(t.transId),
    /** The suspense page: what waits, newest first; the other statuses' pages. */
    index('mpesa_payments_status_list_idx').on(t.status, t.receivedAt, t.id),
    /** The suspense page sorted by amount or M-Pesa code within a status (mpesa/repository.ts). */
    index('mpesa_payments_status_amount_idx').on(t.status, t.amount, t.id),
    index('mpesa_payments_status_trans_id_idx').on(t.status, t.transId, t.id),
    index('mpesa_payments_loan_idx')
      .on(t.loanId)
      .where(sql`${t.loanId} is not null`),
    check('mpesa_payments_amount_check', sql`${t.amount} > 0`),
    check('mpesa_payments_unapplied_check', sql`${t.unapplied} >= 0 and ${t.unapplied} <= ${t.amount}`),
    check('mpesa_payments_status_check', oneOf(t.status, MPESA_PAYMENT_STATUSES)),
    check('mpesa_payments_reason_check', sql`${t.reason} is null or ${oneOf(t.reason, SUSPENSE_REASONS)}`),
  ],
);

export const loanApplications = pgTable(
  'loan_applications',
  {
    id: id(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    /** The staff member who submitted it (the caller, whatever the body says). */
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    purpose: text('purpose').notNull().default(''),
    model: text('model').notNull(),
    imei: text('imei').notNull(),
    installmentType: text('installment_type')
      .$type<(typeof INSTALLMENT_TYPES)[number]>()
      .notNull()
      .default('weekly'),
    /** The deposit's transaction code. */
    mpesaCode: text('mpesa_code')
      .notNull()
      .references(() => mpesaCodes.code),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loan_applications_mpesa_code_key').on(t.mpesaCode),
    /** One pending application per customer. */
    uniqueIndex('loan_applications_one_pending_per_customer')
      .on(t.customerId)
      .where(sql`${t.status} = 'pending'`),
    /** One pending application per phone. */
    uniqueIndex('loan_applications_one_pending_per_imei')
      .on(t.imei)
      .where(sql`${t.status} = 'pending'`),
    /**
     * The pending list's pages in order (newest submitted first, read backwards), the id included:
     * applications submitted at one instant (a bulk import) would otherwise all be read and sorted
     * for every page. On (status, …) rather than partial on pending rows: for an officer's page
     * (customers they registered) PostgreSQL chose the status index with a sort over a partial
     * index it costed higher, and read every application of the newest instant (13.3 -> 0.8 ms at 1M
     * loans, EXPLAIN ANALYZE in docs/performance.md). Also serves the status counts.
     */
    index('loan_applications_status_list_idx').on(t.status, t.createdAt, t.id),
    /**
     * The rejected list's pages in order (most recently rejected first, read backwards: an ascending
     * index matches ORDER BY … DESC, which is NULLS FIRST). Partial: rejected rows only, the list's
     * literal condition (applications/repository.ts withStatus).
     */
    index('loan_applications_rejected_list_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.status} = 'rejected'`),
    index('loan_applications_officer_idx').on(t.officerId, t.status),
    /** The application lists sorted by amount (issue 14): a status's applications in amount order. */
    index('loan_applications_status_amount_sort_idx').on(t.status, t.amount, t.id),
    /** A customer's applications (and the foreign key check when a customer is deleted). */
    index('loan_applications_customer_idx').on(t.customerId),
    check('loan_applications_amount_check', sql`${t.amount} > 0`),
    check('loan_applications_imei_check', sql`${t.imei} ~ '^[0-9]{15}$'`),
    check('loan_applications_installment_type_check', oneOf(t.installmentType, INSTALLMENT_TYPES)),
    check('loan_applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
  ],
);

/**
 * A loan is created when its application is approved, copying the product's terms so that a
 * later product change never alters it (docs/product.md#loan-product-rules). The stored status and amounts are kept
 * current by every write and by the ageing job; readers may still recompute as of today.
 */
/** One partial index a sort of a list (issue 14): `<prefix>_<name>_sort_idx` on keys(column), where `predicate`. */
function sortIndexes(
  prefix: string,
  sorts: Record<string, AnyPgColumn>,
  keys: (column: AnyPgColumn) => [AnyPgColumn, ...AnyPgColumn[]],
  predicate: SQL,
) {
  return Object.entries(sorts).map(([name, column]) =>
    index(`${prefix}_${name}_sort_idx`)
      .on(...keys(column))
      .where(predicate),
  );
}

export const loans = pgTable(
  'loans',
  {
    id: id(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    /** The officer whose book the loan is in (the customer's officer). */
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    // Product terms, copied at approval.
    productName: text('product_name').notNull(),
    interestRate: numeric('interest_rate', { precision: 5, scale: 2 }).notNull(),
    durationDays: integer('duration_days').notNull(),
    /**
     * Late fee, % of an installment charged once when it goes past due unpaid (docs/product.md#loans-and-the-schedule):
     * LATE_FEE_PERCENT at approval, kept with the loan so that a later change of the setting does
     * not reprice loans already granted.
     */
    lateFeePercent: numeric('late_fee_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    installmentType: text('installment_type')
      .$type<(typeof INSTALLMENT_TYPES)[number]>()
      .notNull()
      .default('weekly'),
    // Amounts.
    appliedAmount: money('applied_amount').notNull(),
    principal: money('principal').notNull(),
    totalInterest: money('total_interest').notNull(),
    totalAmount: money('total_amount').notNull(),
    installmentCount: smallint('installment_count').notNull(),
    installmentAmount: money('installment_amount').notNull(),
    penalty: money('penalty').notNull().default('0'),
    paidAmount: money('paid_amount').notNull().default('0'),
    remainingBalance: money('remaining_balance').notNull(),
    arrears: money('arrears').notNull().default('0'),
    /** Amount due now (loan engine, evaluate.ts amountDueCents); rows older than migration 0037 get it from the ageing pass. */
    amountDue: money('amount_due').notNull().default('0'),
    // Status.
    status: text('status').$type<LoanStatus>().notNull().default('pending_disbursement'),
    deviceStatus: text('device_status').$type<DeviceStatus>(),
    // The financed phone.
    purpose: text('purpose').notNull().default(''),
    model: text('model').notNull(),
    imei: text('imei').notNull(),
    // Lifecycle.
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: instant('approved_at').notNull(),
    disbursementMpesaCode: text('disbursement_mpesa_code').references(() => mpesaCodes.code),
    disbursedBy: integer('disbursed_by').references(() => users.id),
    disbursementDate: instant('disbursement_date'),
    dueDate: businessDay('due_date'),
    expectedCompletionDate: businessDay('expected_completion_date'),
    completedDate: businessDay('completed_date'),
    defaultDate: businessDay('default_date'),
    /**
     * Derived like the columns above (loan engine, evaluate.ts): the due date of the last
     * installment fully covered by the approved repayments (null when none is), and the first day
     * the phone may be locked if nothing more is paid (the first day of arrears of the first
     * installment not fully covered; null when paid, repossessed or not disbursed). Neither moves
     * with the date. Rows older than migration 0026 get them from the ageing pass.
     */
    paidThroughDate: businessDay('paid_through_date'),
    lockDate: businessDay('lock_date'),
    /**
     * The loan's latest promise to pay (the last promise note recorded; loans/promises.ts): paid
     * `promise_amount` by `promise_date`, counting the approved repayments paid from `promise_from`
     * (the note's date) through `promise_date`, summed in `promise_paid`. Written with the note and
     * kept current by recomputeLoan on every repayment write, so that kept / broken / pending is a
     * comparison on the row and today's date (broken needs no job: the date passes). Null: none.
     */
    promiseDate: businessDay('promise_date'),
    promiseFrom: businessDay('promise_from'),
    promiseAmount: money('promise_amount'),
    promisePaid: money('promise_paid'),
    /**
     * The first business day on which the date alone may change the derived columns above (an
     * uncovered installment falling due, its late fee, the default threshold), as computed by the
     * loan engine at the last evaluation; null when no date can change them (paid, or nothing
     * left to fall due). The ageing pass takes the loans whose day has come, and reads evaluate
     * such a row as of today. A row written without it (bulk loads) is aged at the next pass.
     */
    nextAgeingOn: businessDay('next_ageing_on').default('1970-01-01'),
    lockedAt: instant('locked_at'),
    /**
     * The phone as the device-lock provider has it (issue 35): set to a *_requested state in the
     * transaction that queues the command, and to the confirmed state by the provider's report.
     */
    deviceLockState: text('device_lock_state').$type<DeviceLockState>(),
    /** The provider reported a state the product did not ask for (admins decide; null: none). */
    deviceAlert: text('device_alert'),
    deviceAlertAt: instant('device_alert_at'),
    repossessedAt: instant('repossessed_at'),
    /**
     * What the customer still owed when the phone was taken back (remaining_balance at that
     * moment): the Repossessed Phones list's figure, which later collections do not move.
     */
    repossessedBalance: money('repossessed_balance'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loans_application_key').on(t.applicationId),
    uniqueIndex('loans_disbursement_mpesa_code_key').on(t.disbursementMpesaCode),
    /**
     * By stored status, then a sort column and the id (issue 14): the cleared list (status = 'paid')
     * in each of its sorts, and any list filtered by a status, read in order from the index. The
     * cleared list's other sorts: disbursement date by loans_status_list_idx; status (the same for
     * every row, so the id) by the primary key; customer name by customers_name_idx.
     */
    index('loans_status_idx').on(t.status, t.dueDate, t.id),
    index('loans_status_principal_sort_idx').on(t.status, t.principal, t.id),
    index('loans_status_total_sort_idx').on(t.status, t.totalAmount, t.id),
    index('loans_status_balance_sort_idx').on(t.status, t.remainingBalance, t.id),
    /** The same for one officer's book: a page read in order however few loans the officer has. */
    index('loans_officer_status_due_sort_idx').on(t.officerId, t.status, t.dueDate, t.id),
    index('loans_officer_status_principal_sort_idx').on(t.officerId, t.status, t.principal, t.id),
    index('loans_officer_status_total_sort_idx').on(t.officerId, t.status, t.totalAmount, t.id),
    index('loans_officer_status_balance_sort_idx').on(t.officerId, t.status, t.remainingBalance, t.id),
    index('loans_officer_idx').on(t.officerId, t.status),
    index('loans_customer_idx').on(t.customerId),
    /**
     * The lists' Product filter, and the foreign key's check when a product is deleted: a product
     * few loans carry is found without walking the list's other indexes.
     */
    index('loans_product_idx').on(t.productId),
    index('loans_imei_idx').on(t.imei),
    index('loans_disbursement_date_idx').on(t.disbursementDate),
    /** An officer's disbursed loans' ids from the index alone (the report's sums in an officer's scope). */
    index('loans_officer_disbursed_idx')
      .on(t.officerId, t.id)
      .where(sql`${t.disbursementDate} is not null`),
    /**
     * The loan report's portfolio at risk over an officer's open book: read from the index alone
     * (remaining_balance as a key column; drizzle has no INCLUDE). The statuses are DATED_STATUSES.
     */
    index('loans_open_balance_idx')
      .on(t.officerId, t.dueDate, t.remainingBalance)
      .where(
        sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted')`,
      ),
    // The loan lists' first pages (lists.ts), newest disbursed or earliest due first, for everyone
    // and for one officer: each read in order from its index, so a page costs the same at any size.
    // The predicates are written as lists.ts writes its conditions, so the planner can use them.
    /** Active loans (disbursed, not paid). */
    index('loans_active_list_idx')
      .on(t.disbursementDate, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    index('loans_officer_active_list_idx')
      .on(t.officerId, t.disbursementDate, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    /**
     * The report pages' loans (disbursed in a period, oldest first, id breaking ties), for everyone
     * and for one officer: a page read in order from the index, however many loans share a time.
     */
    index('loans_disbursed_list_idx')
      .on(t.disbursementDate, t.id)
      .where(sql`${t.disbursementDate} is not null`),
    index('loans_officer_disbursed_list_idx')
      .on(t.officerId, t.disbursementDate, t.id)
      .where(sql`${t.disbursementDate} is not null`),
    /**
     * The active list's sorts (issue 14, lists.ts SORT_COLUMNS), for everyone and for one officer:
     * a page read in order from the index, then id, as the list's other orders are (disbursement
     * date: loans_active_list_idx). The officer's indexes also serve the officer's defaulted list
     * (a subset of the active one, its condition checked on the rows read); the shorter lists (a
     * day's dues, pending disbursement) sort the rows their own index selects.
     */
    index('loans_active_total_sort_idx')
      .on(t.totalAmount, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    index('loans_active_balance_sort_idx')
      .on(t.remainingBalance, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    index('loans_active_due_sort_idx')
      .on(t.dueDate, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    index('loans_active_status_sort_idx')
      .on(t.status, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    index('loans_active_principal_sort_idx')
      .on(t.principal, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    ...sortIndexes(
      'loans_officer_active',
      {
        principal: t.principal,
        total: t.totalAmount,
        balance: t.remainingBalance,
        due: t.dueDate,
        status: t.status,
      },
      (column) => [t.officerId, column, t.id],
      sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`,
    ),
    /** Cleared loans by disbursement, pending disbursement by approval. */
    index('loans_status_list_idx').on(t.status, t.disbursementDate, t.id),
    /** The Repossessed Phones list, newest repossession first, for everyone and per officer. */
    index('loans_repossessed_list_idx')
      .on(t.repossessedAt, t.id)
      .where(sql`${t.deviceStatus} = 'repossessed'`),
    index('loans_officer_repossessed_list_idx')
      .on(t.officerId, t.repossessedAt, t.id)
      .where(sql`${t.deviceStatus} = 'repossessed'`),
    /** …and by what was owed then, the list's other long sort. */
    index('loans_repossessed_balance_sort_idx')
      .on(t.repossessedBalance, t.id)
      .where(sql`${t.deviceStatus} = 'repossessed'`),
    index('loans_officer_repossessed_balance_sort_idx')
      .on(t.officerId, t.repossessedBalance, t.id)
      .where(sql`${t.deviceStatus} = 'repossessed'`),
    index('loans_officer_status_list_idx').on(t.officerId, t.status, t.disbursementDate, t.id),
    index('loans_status_approved_list_idx').on(t.status, t.approvedAt, t.id),
    /**
     * An officer's pending disbursement by approval: without it their page walked every officer's
     * loans awaiting disbursement newest first, filtering by officer, and read them all when the
     * officer had none (10,000 rows at 1M loans, 27–55 ms; 4.5 ms with it).
     */
    index('loans_officer_status_approved_list_idx').on(t.officerId, t.status, t.approvedAt, t.id),
    /**
     * The lists by due date (due today, tomorrow, in 2–7 days; defaulted as of today) and the
     * dashboard's due-today count: the loans whose status the date moves (DATED_STATUSES), by due date.
     */
    index('loans_dated_due_idx')
      .on(t.dueDate, t.id)
      .where(
        sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted')`,
      ),
    index('loans_officer_dated_due_idx')
      .on(t.officerId, t.dueDate, t.id)
      .where(
        sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted')`,
      ),
    /**
     * The defaulted list's other sorts (issue 14), for everyone: the dated loans in the sort's
     * order, the due date last so that the list's cutoff (due before today less the threshold,
     * which moves each day) is checked in the index, not on the table. Defaulted loans are old, so
     * the active list's indexes would fetch every newer open loan's row to drop it (170 ms at 200k
     * loans for the disbursement date, newest first).
     */
    ...sortIndexes(
      'loans_dated',
      {
        principal: t.principal,
        total: t.totalAmount,
        balance: t.remainingBalance,
        status: t.status,
        disbursed: t.disbursementDate,
      },
      (column) => [column, t.id, t.dueDate],
      sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted')`,
    ),
    /**
     * The dashboard's corrections for statuses as of today (lists.ts dashboardAnalytics): the open
     * loans past the default threshold and the defaulted ones not past it, both normally few, counted
     * from the index alone with the officer at hand. Narrower than loans_status_idx, so that the
     * planner, which overestimates these ranges from the whole table's due dates, still finds them
     * cheap enough to read serially.
     */
    index('loans_dated_status_due_idx')
      .on(t.status, t.dueDate, t.officerId)
      .where(
        sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted')`,
      ),
    /**
     * The due and defaulted lists filtered by their latest promise (pending, kept, broken): the
     * dated loans with a promise, by due date, for everyone and for one officer; the few loans
     * with a promise are walked instead of the whole list.
     */
    index('loans_promise_due_idx')
      .on(t.dueDate, t.id)
      .where(
        sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted') and ${t.promiseDate} is not null`,
      ),
    index('loans_officer_promise_due_idx')
      .on(t.officerId, t.dueDate, t.id)
      .where(
        sql`${t.disbursementDate} is not null and ${t.status} in ('active', 'partially_paid', 'overdue', 'defaulted') and ${t.promiseDate} is not null`,
      ),
    check(
      'loans_promise_check',
      sql`(${t.promiseDate} is null) = (${t.promiseAmount} is null) and (${t.promiseDate} is null) = (${t.promisePaid} is null) and (${t.promiseDate} is null) = (${t.promiseFrom} is null)`,
    ),
    // The ageing pass walks the open loans whose day has come, in this order (ageing.ts).
    index('loans_next_ageing_idx')
      .on(t.nextAgeingOn, t.id)
      .where(sql`${t.disbursementDate} is not null and ${t.status} <> 'paid'`),
    check('loans_status_check', oneOf(t.status, LOAN_STATUSES)),
    check('loans_device_status_check', oneOf(t.deviceStatus, DEVICE_STATUSES)),
    check('loans_device_lock_state_check', oneOf(t.deviceLockState, DEVICE_LOCK_STATES)),
    // The automatic lock (issue 35): the waiting phones whose lock date has come.
    index('loans_waiting_lock_idx')
      .on(t.lockDate, t.id)
      .where(sql`${t.deviceStatus} = 'waiting'`),
    // The admins' alert list, newest first, over the few loans that have one.
    index('loans_device_alert_idx')
      .on(t.deviceAlertAt, t.id)
      .where(sql`${t.deviceAlert} is not null`),
    check('loans_principal_check', sql`${t.principal} > 0`),
    check('loans_paid_amount_check', sql`${t.paidAmount} >= 0`),
    check('loans_remaining_balance_check', sql`${t.remainingBalance} >= 0`),
    check('loans_interest_rate_check', sql`${t.interestRate} >= 0 and ${t.interestRate} <= 100`),
    check('loans_late_fee_percent_check', sql`${t.lateFeePercent} >= 0 and ${t.lateFeePercent} <= 100`),
    check('loans_installment_count_check', sql`${t.installmentCount} >= 1`),
  ],
);

/** The weekly schedule created at disbursement; installments add up to total_amount exactly. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    dueDate: businessDay('due_date').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.number] }),
    index('loan_installments_due_date_idx').on(t.dueDate),
  ],
);

export const repayments = pgTable(
  'repayments',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: money('amount').notNull(),
    mpesaCode: text('mpesa_code')
      .notNull()
      .references(() => mpesaCodes.code),
    method: text('method').$type<(typeof PAYMENT_METHODS)[number]>().notNull().default('mpesa'),
    status: text('status').$type<RepaymentStatus>().notNull().default('pending'),
    /** The business day it was recorded. */
    paidDate: businessDay('paid_date').notNull(),
    /** The loan's due date when it was recorded. */
    dueDate: businessDay('due_date'),
    /** Null when M-Pesa's paybill callback recorded it (source mpesa). */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** Null for a paybill payment: M-Pesa itself confirmed it. */
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: instant('approved_at'),
    source: text('source').$type<RepaymentSource>().notNull().default('staff'),
    /** The paybill payment it came from (issue 13), when it came from one. */
    mpesaPaymentId: integer('mpesa_payment_id').references(() => mpesaPayments.id),
    /** The admin who rejected it, when and why (status rejected); null otherwise. */
    rejectedBy: integer('rejected_by').references(() => users.id),
    rejectedAt: instant('rejected_at'),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    // One repayment per code, loan and source: an overpayment's remainder, assigned from suspense
    // to another loan, carries the same M-Pesa code there (the registry still holds the code once);
    // what M-Pesa confirmed beyond a repayment staff had recorded and approved with its code
    // (suspense reason over_recorded) may be assigned to that same loan, as a paybill repayment.
    // A rejected repayment does not count: its code may be recorded again, on the same loan too.
    uniqueIndex('repayments_mpesa_code_loan_source_key')
      .on(t.mpesaCode, t.loanId, t.source)
      .where(sql`${t.status} <> 'rejected'`),
    index('repayments_mpesa_payment_idx')
      .on(t.mpesaPaymentId)
      .where(sql`${t.mpesaPaymentId} is not null`),
    check('repayments_source_check', oneOf(t.source, REPAYMENT_SOURCES)),
    check('repayments_recorder_check', sql`(${t.source} = 'staff') = (${t.createdBy} is not null)`),
    /** The repayment lists' search by part of an M-Pesa code (pg_trgm). */
    index('repayments_mpesa_code_trgm_idx').using('gin', t.mpesaCode.op('gin_trgm_ops')),
    index('repayments_loan_idx').on(t.loanId, t.status),
    /** A customer's repayments (and the foreign key check when a customer is deleted). */
    index('repayments_customer_idx').on(t.customerId),
    // The repayment lists' pages in order from an index (repayments/repository.ts): every status
    // newest recorded first, one status newest recorded first, approved most recently approved first.
    index('repayments_status_idx').on(t.status, t.createdAt, t.id),
    index('repayments_created_list_idx').on(t.createdAt, t.id),
    index('repayments_approved_list_idx')
      .on(t.approvedAt, t.id)
      .where(sql`${t.status} = 'paid'`),
    index('repayments_approved_at_idx').on(t.approvedAt),
    // The repayment lists sorted by a column (repayments/repository.ts SORT_COLUMNS), within a status;
    // sorted by recorded time, repayments_status_idx serves.
    index('repayments_status_paid_date_idx').on(t.status, t.paidDate, t.id),
    index('repayments_status_amount_idx').on(t.status, t.amount, t.id),
    index('repayments_status_mpesa_code_idx').on(t.status, t.mpesaCode, t.id),
    /** The loan report's sums of the approved repayments paid in a period. */
    index('repayments_paid_date_idx')
      .on(t.paidDate)
      .where(sql`${t.status} = 'paid'`),
    check('repayments_amount_check', sql`${t.amount} > 0`),
    check('repayments_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('repayments_status_check', oneOf(t.status, REPAYMENT_STATUSES)),
    check(
      'repayments_rejection_check',
      sql`(${t.status} = 'rejected') = (${t.rejectedAt} is not null and ${t.rejectionReason} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Dashboard summary (migration 0009's triggers keep it; lists.ts dashboardAnalytics reads it)
// ---------------------------------------------------------------------------------------------

/**
 * The loans of each officer by stored status and whether disbursed, counted with their principal,
 * so that the dashboard adds up a few rows per officer instead of the whole book. Kept exact by
 * statement triggers on loans; never written by the application.
 */
export const loanBookSummary = pgTable(
  'loan_book_summary',
  {
    officerId: integer('officer_id').notNull(),
    status: text('status').$type<LoanStatus>().notNull(),
    disbursed: boolean('disbursed').notNull(),
    loans: bigint('loans', { mode: 'number' }).notNull(),
    /** Unbounded numeric: a book's sum can outgrow numeric(14,2). */
    principal: numeric('principal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.officerId, t.status, t.disbursed] })],
);

/**
 * The dated loans (disbursed, in DATED_STATUSES) of each officer by due date: the dashboard's
 * "due today" is one day's rows, whatever the book's size. Kept by the same triggers.
 */
export const loanDueSummary = pgTable(
  'loan_due_summary',
  {
    dueDate: businessDay('due_date').notNull(),
    officerId: integer('officer_id').notNull(),
    loans: bigint('loans', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dueDate, t.officerId] })],
);

/** The approved ('paid') repayments of each officer's loans, summed; kept by triggers on repayments and loans. */
export const loanBookCollected = pgTable('loan_book_collected', {
  officerId: integer('officer_id').primaryKey(),
  amount: numeric('amount').notNull(),
});

/**
 * A writing transaction's changes to the summaries, netted per statement by the triggers and
 * folded into them at commit (a deferred trigger), in key order: the summary rows are locked only
 * for the commit and always in the same order, so concurrent writers neither wait on each other for
 * long nor deadlock. Empty outside a transaction in progress (unlogged: nothing in it outlives one).
 * A row with a status is a loan_book_summary change, one with a due date a loan_due_summary change,
 * one with neither a loan_book_collected change.
 */
export const loanBookPending = pgTable('loan_book_pending', {
  officerId: integer('officer_id').notNull(),
  status: text('status').$type<LoanStatus>(),
  disbursed: boolean('disbursed'),
  dueDate: businessDay('due_date'),
  loans: bigint('loans', { mode: 'number' }).notNull().default(0),
  principal: numeric('principal').notNull().default('0'),
  collected: numeric('collected').notNull().default('0'),
});

// ---------------------------------------------------------------------------------------------
// Loan report summaries (migration 0014's triggers keep them; reports/report.ts reads them)
// ---------------------------------------------------------------------------------------------

/**
 * The installments falling due each day on each officer's loans, summed: the report's collection
 * rate adds up a period's days instead of its installments (five a loan). Kept exact by statement
 * triggers on loan_installments and loans (a loan moving to another officer); never written by
 * the application.
 */
export const installmentDueSummary = pgTable(
  'installment_due_summary',
  {
    officerId: integer('officer_id').notNull(),
    dueDate: businessDay('due_date').notNull(),
    /** Unbounded numeric: a book's sum can outgrow numeric(14,2). */
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.officerId, t.dueDate] })],
);

/**
 * The approved ('paid') repayments of each officer's loans by paid date, split by whether the
 * loan is now repossessed: the report's total paid and repossessed collections. Kept exact by
 * statement triggers on repayments and loans (officer or repossession changing).
 */
export const repaymentPaidSummary = pgTable(
  'repayment_paid_summary',
  {
    officerId: integer('officer_id').notNull(),
    paidDate: businessDay('paid_date').notNull(),
    repossessed: boolean('repossessed').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.officerId, t.paidDate, t.repossessed] })],
);

/**
 * A writing transaction's changes to the report summaries, netted per statement by the triggers
 * and folded into them at commit in key order, as loan_book_pending is (unlogged). A row with
 * `repossessed` null is an installment_due_summary change, else a repayment_paid_summary one.
 */
export const reportSummaryPending = pgTable('report_summary_pending', {
  officerId: integer('officer_id').notNull(),
  day: businessDay('day').notNull(),
  repossessed: boolean('repossessed'),
  amount: numeric('amount').notNull(),
});

/**
 * The time zone (LENDER_TZ) whose business days key loan_disbursal_summary and
 * repayment_approved_summary: one row. The server sets it at start (report_use_time_zone, which
 * rebuilds those two summaries when the zone changed).
 */
export const reportTimeZone = pgTable('report_time_zone', {
  timeZone: text('time_zone').primaryKey(),
});

/**
 * The disbursed loans of each officer by disbursement business day, stored status and, for the
 * dated statuses (whose status as of today moves with the date), due date and whether anything is
 * paid: the report's and the monthly page's counts, principal and counts by status as of today add
 * up a period's rows instead of its loans. Kept by statement triggers on loans (migration 0016).
 */
export const loanDisbursalSummary = pgTable(
  'loan_disbursal_summary',
  {
    officerId: integer('officer_id').notNull(),
    day: businessDay('day').notNull(),
    status: text('status').$type<LoanStatus>().notNull(),
    /** Only for a dated status; null for the others (and for a dated loan without one). */
    dueDate: businessDay('due_date'),
    /** paid_amount > 0, for a dated status; false for the others. */
    partlyPaid: boolean('partly_paid').notNull(),
    loans: bigint('loans', { mode: 'number' }).notNull(),
    principal: numeric('principal').notNull(),
    /** remaining_balance summed: with a dated status, the report's portfolio at risk. */
    balance: numeric('balance').notNull().default('0'),
  },
  (t) => [
    unique('loan_disbursal_summary_key')
      .on(t.officerId, t.day, t.status, t.dueDate, t.partlyPaid)
      .nullsNotDistinct(),
  ],
);

/**
 * The approved ('paid') repayments of each officer's loans by approval business day, counted and
 * summed: the monthly approved repayments page. Kept by statement triggers on repayments and loans.
 */
export const repaymentApprovedSummary = pgTable(
  'repayment_approved_summary',
  {
    officerId: integer('officer_id').notNull(),
    day: businessDay('day').notNull(),
    repayments: bigint('repayments', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.officerId, t.day] })],
);

/**
 * A writing transaction's changes to the two summaries above, netted per statement and folded at
 * commit in key order (unlogged). A row with a status is a loan_disbursal_summary change, one
 * without a repayment_approved_summary change.
 */
export const reportDayPending = pgTable('report_day_pending', {
  officerId: integer('officer_id').notNull(),
  day: businessDay('day').notNull(),
  status: text('status').$type<LoanStatus>(),
  dueDate: businessDay('due_date'),
  partlyPaid: boolean('partly_paid'),
  loans: bigint('loans', { mode: 'number' }).notNull().default(0),
  principal: numeric('principal').notNull().default('0'),
  balance: numeric('balance').notNull().default('0'),
  repayments: bigint('repayments', { mode: 'number' }).notNull().default(0),
  amount: numeric('amount').notNull().default('0'),
});

export const loanNotes = pgTable(
  'loan_notes',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    noteDate: businessDay('note_date').notNull(),
    /** call, visit, promise (to pay) or other; notes older than migration 0027 are other. */
    type: text('type').$type<NoteType>().notNull().default('other'),
    /** A promise's date and amount; null for every other type. */
    promiseDate: businessDay('promise_date'),
    promiseAmount: money('promise_amount'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_notes_loan_idx').on(t.loanId, t.noteDate),
    check('loan_notes_type_check', oneOf(t.type, NOTE_TYPES)),
    check(
      'loan_notes_promise_check',
      sql`(${t.type} = 'promise') = (${t.promiseDate} is not null and ${t.promiseAmount} is not null) and (${t.type} = 'promise' or (${t.promiseDate} is null and ${t.promiseAmount} is null))`,
    ),
    check('loan_notes_promise_amount_check', sql`${t.promiseAmount} > 0`),
  ],
);

/**
 * Monthly disbursement and collection targets, per officer or company-wide (officer_id null).
 * One row per (officer or company, year, month, kind).
 */
export const monthlyTargets = pgTable(
  'monthly_targets',
  {
    id: id(),
    officerId: integer('officer_id').references(() => users.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    kind: text('kind').$type<(typeof TARGET_KINDS)[number]>().notNull(),
    amount: money('amount').notNull(),
    setBy: integer('set_by').references(() => users.id),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monthly_targets_key').on(sql`coalesce(${t.officerId}, 0)`, t.year, t.month, t.kind),
    check('monthly_targets_month_check', sql`${t.month} between 1 and 12`),
    check('monthly_targets_year_check', sql`${t.year} between 2000 and 2100`),
    check('monthly_targets_kind_check', oneOf(t.kind, TARGET_KINDS)),
    check('monthly_targets_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * PAR30 history (issue 14, the dashboard's trend): each officer's open balance and the part of it
 * more than 30 days late, as of a business day. Written once a day by the ageing pass (after it
 * has brought the day's statuses and due dates current: loans/portfolio-snapshots-repository.ts), so the
 * dashboard reads a few rows per officer and week instead of recomputing the past over the book.
 * An officer without open loans that day has no row.
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    businessDate: businessDay('business_date').notNull(),
    officerId: integer('officer_id').notNull(),
    /** Unbounded numeric, like the summaries: a book's sum can outgrow numeric(14,2). */
    outstanding: numeric('outstanding').notNull(),
    par30: numeric('par30').notNull(),
  },
  // The trend reads a range of days (everyone's, or one officer's by a filter on these few rows).
  (t) => [primaryKey({ columns: [t.businessDate, t.officerId] })],
);

/**
 * Every backup the server took of the embedded database (issue 32, modules/backups), one row when
 * it ended: where it went, its size and checksum, or why it failed. Written after the backup, so a
 * backup never holds its own row.
 */
export const backups = pgTable(
  'backups',
  {
    id: id(),
    kind: text('kind').$type<BackupKind>().notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at').notNull(),
    /** The file in BACKUP_DIR; null when it failed before one was written (an upload that failed has one). */
    path: text('path'),
    /** The object's key in the bucket (backups/…), when S3 is configured. */
    s3Key: text('s3_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Of the whole backup file, hex. */
    sha256: text('sha256'),
    /** Null when the backup succeeded (written, and uploaded when S3 is configured). */
    error: text('error'),
  },
  (t) => [
    index('backups_finished_idx').on(t.finishedAt),
    check('backups_kind_check', oneOf(t.kind, BACKUP_KINDS)),
    check(
      'backups_outcome_check',
      sql`${t.error} is not null or (${t.path} is not null and ${t.sizeBytes} is not null and ${t.sha256} is not null)`,
    ),
  ],
);

// Integrations (issue 35) ---------------------------------------------------------------------

/**
 * The device-lock outbox: each command the product sends the provider, written in the same
 * transaction as the loan change it carries out, delivered by the worker (modules/device-lock),
 * in id order per phone, once.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    deviceUid: text('device_uid').notNull(),
    action: text('action').$type<DeviceAction>().notNull(),
    reason: text('reason').$type<DeviceCommandReason>().notNull(),
    /** The locked screen's text (lock). */
    message: text('message'),
    status: text('status').$type<DeviceCommandStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may next try it (queued), or when a claim lapses (sending: the claimant died). */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    lastError: text('last_error'),
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    confirmedAt: instant('confirmed_at'),
  },
  (t) => [
    check('device_commands_action_check', oneOf(t.action, DEVICE_ACTIONS)),
    check('device_commands_reason_check', oneOf(t.reason, DEVICE_COMMAND_REASONS)),
    check('device_commands_status_check', oneOf(t.status, DEVICE_COMMAND_STATUSES)),
    // The worker's queue: the few commands not yet delivered, by when they are due.
    index('device_commands_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // Per phone, for the order rule (an earlier undelivered command holds the later ones back).
    index('device_commands_device_idx').on(t.deviceUid, t.id),
    index('device_commands_loan_idx').on(t.loanId, t.id),
    // The admins' failing list.
    index('device_commands_failing_idx')
      .on(t.id)
      .where(sql`${t.status} = 'failed' or (${t.status} in ('queued', 'sending') and ${t.attempts} >= 3)`),
  ],
);

/** Each SMS to a customer: its own outbox row (modules/messages), with the provider's answer and report. */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: id(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    loanId: integer('loan_id').references(() => loans.id),
    kind: text('kind').$type<MessageKind>().notNull(),
    /** E.164 */
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    parts: smallint('parts').notNull(),
    status: text('status').$type<MessageStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this: the end of the quiet hours, the next retry, or a claim's lapse. */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** The business day a reminder is for: at most one reminder a day per loan (unique below). */
    reminderDay: businessDay('reminder_day'),
    providerMessageId: text('provider_message_id'),
    /** The provider's cost as answered ("KES 0.8000") and its amount in shillings, exact. */
    costText: text('cost_text'),
    cost: numeric('cost', { precision: 12, scale: 4 }),
    failureReason: text('failure_reason'),
    sentBy: integer('sent_by').references(() => users.id),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    check('customer_messages_kind_check', oneOf(t.kind, MESSAGE_KINDS)),
    check('customer_messages_status_check', oneOf(t.status, MESSAGE_STATUSES)),
    check('customer_messages_phone_check', sql`${t.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    index('customer_messages_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('queued', 'sending')`),
    uniqueIndex('customer_messages_reminder_key')
      .on(t.loanId, t.reminderDay)
      .where(sql`${t.reminderDay} is not null`),
    uniqueIndex('customer_messages_provider_id_key')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('customer_messages_loan_idx').on(t.loanId, t.id),
    index('customer_messages_customer_idx').on(t.customerId, t.id),
    // The monthly cost for admins.
    index('customer_messages_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/** An admin's text for a message kind; a kind without a row uses its default (message-templates.ts). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    kind: text('kind').$type<MessageKind>().primaryKey(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [check('message_templates_kind_check', oneOf(t.kind, MESSAGE_KINDS))],
);

/** The lender's settings an admin changes (one row, id 1; contract/messages.ts lenderSettingsSchema). */
export const lenderSettings = pgTable(
  'lender_settings',
  {
    id: smallint('id').primaryKey().default(1),
    autoLock: boolean('auto_lock').notNull().default(false),
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    reminderDaysBefore: smallint('reminder_days_before').notNull().default(3),
    paybillNumber: text('paybill_number').notNull().default('522533'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('lender_settings_one_row', sql`${t.id} = 1`),
    check('lender_settings_reminder_days_check', sql`${t.reminderDaysBefore} between 0 and 14`),
  ],
);
