import { z } from 'zod';
import { DEVICE_LOCK_STATES, DEVICE_STATUSES, LOAN_STATUSES } from '../domain/statuses';
import { valuesOf } from '../domain/value-table';
import {
  dateRangeQueryShape,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  messageSchema,
  moneySchema,
  paginated,
  refineDateRange,
  scopeQuerySchema,
  sortQueryShape,
} from './common';
import { imeiField, mpesaCodeField, textField } from './validators';
import { PROMISE_STATUSES, promiseFilterSchema } from './notes';
import { LOAN_SORTS, type LoanListDefinition, type LoanSort } from './loan-lists';

export const loanStatusSchema = z.enum(LOAN_STATUSES);
export const deviceStatusSchema = z.enum(DEVICE_STATUSES);

/**
 * Loan row of every loan list (docs/product.md#browser-data "Loan row"), plus customer_id and officer_id.
 * Amounts in Ksh with 2 decimals; dates YYYY-MM-DD in the lender's time zone.
 */
export const loanRowSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  /**
   * What the customer types as the paybill account number: 7 characters, the last a check
   * character, written from the loan's id (shared/src/domain/account-number.ts).
   */
  account_number: z.string(),
  /** The officer whose book the loan is in (the one who registered the customer). */
  officer_id: z.number().int(),
  customer_name: z.string(),
  /** principal + total_interest */
  total_amount: moneySchema,
  arrears: moneySchema,
  /**
   * Amount due now, as the loan engine computes it: the late fees not yet covered plus what remains
   * of every installment due on or before the later of today and due_date (due today or past: the
   * arrears and fees; falling due later: the rest of that next installment); 0 when paid or not
   * disbursed. What an officer asks the customer for.
   */
  amount_due: moneySchema,
  paid_amount: moneySchema,
  /** total_amount + penalty − paid_amount */
  remaining_balance: moneySchema,
  status: loanStatusSchema,
  /** Due date of the earliest installment not fully covered; null when paid or not disbursed. */
  due_date: isoDateSchema.nullable(),
  /** due_date − today in whole days (negative when overdue); null when due_date is null. */
  days_remaining: z.number().int().nullable(),
  /** null before disbursement. */
  device_status: deviceStatusSchema.nullable(),
  /**
   * The phone as the device-lock provider has it (issue 35): lock requested → locked (the provider
   * confirmed), unlock requested → unlocked, release requested → released; null: never asked.
   */
  device_lock_state: z.enum(DEVICE_LOCK_STATES).nullable(),
  /** The provider reported a state the product did not ask for (admins see it); null: none. */
  device_alert: z.string().nullable(),
  principal: moneySchema,
  total_interest: moneySchema,
  /** Name of the loan product. */
  loan_product: z.string(),
  purpose: z.string(),
  national_id: z.string(),
  phone: z.string(),
  /** First day past the default threshold; null unless defaulted. */
  default_date: isoDateSchema.nullable(),
  /** 0 when nothing is past due. */
  days_overdue: z.number().int(),
  /** null until disbursed. */
  disbursement_date: isoDateSchema.nullable(),
  /** A repayment of this loan awaits approval: the phone may not be locked (docs/product.md#the-financed-phone). */
  repayment_pending: z.boolean(),
  /**
   * Paid through: the due date of the last installment fully covered by the approved repayments
   * (late fees are covered first, then the installments in order); null when none is fully covered
   * yet or not disbursed; a paid-off loan's last installment due date.
   */
  paid_through_date: isoDateSchema.nullable(),
  /**
   * The first day the phone may be locked if nothing more is paid: the first day of arrears of the
   * first installment not fully covered (its due date: an installment due today counts in arrears,
   * and arrears put the phone in the lock queue). On or before today while in arrears. Null when
   * paid off, not disbursed or repossessed.
   */
  lock_date: isoDateSchema.nullable(),
  /**
   * The loan's latest promise to pay (the last promise note recorded): its date, amount (Ksh) and
   * status as of today (notes.ts PROMISE_STATUSES); all null when none was recorded.
   */
  promise_date: isoDateSchema.nullable(),
  promise_amount: moneySchema.nullable(),
  promise_status: z.enum(PROMISE_STATUSES).nullable(),
  /** The financed phone. */
  model: z.string(),
  imei_number: z.string(),
  /** The business day the phone was repossessed; null unless it was. */
  repossessed_on: isoDateSchema.nullable(),
  /** What was still owed at that moment (later collections do not move it); null unless repossessed. */
  repossessed_balance: moneySchema.nullable(),
});
export type LoanRow = z.infer<typeof loanRowSchema>;

/**
 * An installment's state as of today (the loan engine decides it): paid (fully covered), overdue
 * (not covered and its due date is past) or due (not covered, due today or later).
 */
export const INSTALLMENT_STATE_LABELS = {
  paid: 'Paid',
  due: 'Due',
  overdue: 'Overdue',
};
export const INSTALLMENT_STATES = valuesOf(INSTALLMENT_STATE_LABELS);
export type InstallmentState = (typeof INSTALLMENT_STATES)[number];

export const scheduleInstallmentSchema = z.object({
  /** 1-based. */
  number: z.number().int(),
  due_date: isoDateSchema,
  amount: moneySchema,
  /** Covered by the approved repayments (after the late fees, which they cover first). */
  paid: moneySchema,
  remaining: moneySchema,
  /** The late fee charged on this installment (the first day past its due date, unpaid); 0 if none. */
  late_fee: moneySchema,
  state: z.enum(INSTALLMENT_STATES),
});
export type ScheduleInstallment = z.infer<typeof scheduleInstallmentSchema>;

/** GET /api/loans/{id} */
export const loanDetailSchema = loanRowSchema.extend({
  /** Amount asked for in the application. */
  applied_amount: moneySchema,
  installment_amount: moneySchema,
  installments_sum: moneySchema,
  expected_completion_date: isoDateSchema.nullable(),
  completed_date: isoDateSchema.nullable(),
  penalty: moneySchema,
  /** M-Pesa code of the disbursement; null until disbursed. */
  mpesa_code: z.string().nullable(),
  /** Flat percentage of the principal for the whole term, copied from the product at approval. */
  interest_rate: z.number(),
  duration_days: z.number().int(),
  /** Empty until disbursed. */
  schedule: z.array(scheduleInstallmentSchema),
  /**
   * What the repayments awaiting approval add up to (Ksh): recorded, not yet counted in
   * paid_amount, the balance or the schedule; 0 when none is pending.
   */
  pending_amount: moneySchema,
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;

/**
 * Query of the loan lists: /api/loans/loan-details (active), /paid, /defaulted,
 * /pending-disbursement, /api/loans/due-today, /due-tomorrow, /due-2-7-days.
 */

/**
 * The filters of the loan lists (issue 14), besides the scope's officerId (an admin's officer
 * filter; ignored for an officer): the stored status, the device's state, the product, and a date
 * range on the list's date (disbursed for active and cleared, approved for pending disbursement,
 * due for the due and defaulted lists). Shared by the lists and their export.
 */
export const loanListFilterShape = {
  status: z.enum(LOAN_STATUSES, { error: `status must be one of ${LOAN_STATUSES.join(', ')}` }).optional(),
  device: z
    .enum(DEVICE_STATUSES, { error: `device must be one of ${DEVICE_STATUSES.join(', ')}` })
    .optional(),
  productId: idSchema.optional(),
  /** Only loans whose latest promise is pending, kept or broken, or that have none. */
  promise: promiseFilterSchema,
  ...dateRangeQueryShape,
  ...sortQueryShape(LOAN_SORTS),
};
/** The filter names a loan list page sends (useListUrlState().queryArgs). */
export const LOAN_LIST_FILTERS = [
  'status',
  'device',
  'productId',
  'officerId',
  'from',
  'to',
  'promise',
] as const;

export const loanListQuerySchema = scopeQuerySchema.extend(loanListFilterShape).superRefine(refineDateRange);
export type LoanListQuery = z.input<typeof loanListQuerySchema>;

/** The query of one list (loan-lists.ts): the filters above, and the sorts that list takes. */
export const loanListQuerySchemaOf = (list: LoanListDefinition) =>
  scopeQuerySchema
    .extend({
      ...loanListFilterShape,
      ...sortQueryShape(list.sorts as readonly [LoanSort, ...LoanSort[]]),
    })
    .superRefine(refineDateRange);
export const loansPageSchema = paginated(loanRowSchema);
export type LoansPage = z.infer<typeof loansPageSchema>;

/** PUT /api/loans/disburse/{id} */
/**
 * PATCH /api/loans/{id} (Edit Loan): an admin corrects the financed phone's model, its IMEI (only
 * while no repayment is recorded: payments and statements name the device) or the purpose; at
 * least one field. Amounts and dates are the engine's and never edited.
 */
export const updateLoanRequestSchema = z
  .object({
    model: textField('Phone model', 200).optional(),
    imei: imeiField('IMEI').optional(),
    purpose: textField('Purpose', 500).optional(),
  })
  .refine((body) => body.model !== undefined || body.imei !== undefined || body.purpose !== undefined, {
    message: 'Nothing to change: send model, imei or purpose',
  });
export type UpdateLoanRequest = z.infer<typeof updateLoanRequestSchema>;
export const updateLoanResponseSchema = messageSchema;

/** Texts of Edit Loan that the server and the client share. */
export const LOAN_EDIT_TEXTS = {
  updated: 'Loan updated successfully',
  imeiAfterPayment: 'The IMEI cannot change once a repayment is recorded',
  closed: 'A cleared or repossessed loan cannot be edited',
} as const;

export const disburseLoanRequestSchema = z.object({ mpesaCode: mpesaCodeField('M-Pesa code') });
export type DisburseLoanRequest = z.infer<typeof disburseLoanRequestSchema>;
export const disburseLoanResponseSchema = messageSchema;
export type DisburseLoanResponse = z.infer<typeof disburseLoanResponseSchema>;

/** PUT /api/loans/lock/{id} and PUT /api/loans/repossess/{id}: empty body. */
export const deviceActionResponseSchema = messageSchema.extend({
  device_status: deviceStatusSchema,
  device_lock_state: z.enum(DEVICE_LOCK_STATES).nullable(),
});
export type DeviceActionResponse = z.infer<typeof deviceActionResponseSchema>;

/** GET /api/loans/{id}/history: the loan's audit trail, newest first. */
export const loanHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** What happened, e.g. 'application.approved', 'loan.disbursed', 'repayment.approved'. */
  action: z.string(),
  /** Null for changes made by the system (the daily ageing of loans). */
  actor_name: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The money the entry moved, in Ksh: a repayment's or M-Pesa payment's amount, the disbursed
   * amount, a promise's amount; null for an entry that moved none (a lock, a note, an edit).
   */
  amount: moneySchema.nullable(),
  at: isoDateTimeSchema,
});
export type LoanHistoryEntry = z.infer<typeof loanHistoryEntrySchema>;
export const loanHistoryResponseSchema = z.array(loanHistoryEntrySchema);
export type LoanHistoryResponse = z.infer<typeof loanHistoryResponseSchema>;
