import { z } from 'zod';
import { REPAYMENT_STATUSES } from '../domain/statuses';
import {
  isoDateSchema,
  isoDateTimeSchema,
  loanSideListQuerySchema,
  messageSchema,
  moneySchema,
  paginated,
} from './common';
import { caseInsensitiveChoiceField } from './choice-field';
import { loanStatusSchema } from './loans';
import { REPAYMENT_SORTS, type RepaymentListDefinition, type RepaymentSort } from './repayment-lists';
import {
  blankToUndefined,
  idField,
  moneyField,
  mpesaCodeField,
  optionalIdField,
  optionalMoneyField,
  optionalTextField,
  textField,
} from './validators';

export const repaymentStatusSchema = z.enum(REPAYMENT_STATUSES);

export const REPAYMENT_SOURCES = ['staff', 'mpesa'] as const;
export type RepaymentSource = (typeof REPAYMENT_SOURCES)[number];
/** The recorder and approver shown for a repayment M-Pesa confirmed. */
export const MPESA_ACTOR_NAME = 'M-Pesa';

export const PAYMENT_METHODS = ['mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Repayment as listed (docs/product.md#browser-data), plus its status, who recorded it, when it was
 * approved, and when and why it was rejected.
 */
export const repaymentSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  amount: moneySchema,
  mpesa_code: z.string(),
  /** Day the payment was recorded. */
  paid_date: isoDateSchema,
  /** The loan's due date when the payment was recorded; null when it had none. */
  due_date: isoDateSchema.nullable(),
  created_at: isoDateTimeSchema,
  /** Id of the user who recorded the payment; null when M-Pesa's paybill callback recorded it. */
  created_by: z.number().int().nullable(),
  /** The recorder's name, "M-Pesa" for a paybill payment. */
  created_by_name: z.string(),
  /** staff: typed by an officer and approved by an admin; mpesa: confirmed by M-Pesa itself. */
  source: z.enum(REPAYMENT_SOURCES),
  loan_status: loanStatusSchema,
  status: repaymentStatusSchema,
  approved_at: isoDateTimeSchema.nullable(),
  /** When an admin rejected it; null unless rejected. */
  rejected_at: isoDateTimeSchema.nullable(),
  /** Why it was rejected; null unless rejected. */
  rejection_reason: z.string().nullable(),
});
export type Repayment = z.infer<typeof repaymentSchema>;

/**
 * Query of a repayment list (repayment-lists.ts): `from`/`to` narrow to payments of those business
 * days, `officerId` an admin's list to one officer's book, `productId` to the repayments of loans
 * of that product (issue 14), `sort` to one the list takes. Every list checks `status`; only a
 * list whose rows differ in status (filters.statuses) narrows by it.
 */
export const repaymentListQuerySchemaOf = (list: Pick<RepaymentListDefinition, 'sorts'>) =>
  loanSideListQuerySchema(list.sorts as readonly [RepaymentSort, ...RepaymentSort[]]).extend({
    status: z.preprocess(
      blankToUndefined,
      z.enum(REPAYMENT_STATUSES, { error: 'Status must be pending, paid or rejected' }).optional(),
    ),
  });
/** The query of every repayment list, which all take every sort. */
export const repaymentListQuerySchema = repaymentListQuerySchemaOf({ sorts: REPAYMENT_SORTS });
export type RepaymentListQuery = z.input<typeof repaymentListQuerySchema>;
export const repaymentsPageSchema = paginated(repaymentSchema);
export type RepaymentsPage = z.infer<typeof repaymentsPageSchema>;

/** POST /api/loans/loan-payment: records a pending repayment. */
export const loanPaymentRequestSchema = z.object({
  loanId: idField('Loan'),
  amount: moneyField('Amount'),
  mpesaCode: mpesaCodeField('M-Pesa code'),
  /** Always mpesa; mpesa when left out. */
  method: caseInsensitiveChoiceField(PAYMENT_METHODS, 'mpesa', 'Payment method must be mpesa'),
});
export type LoanPaymentRequest = z.infer<typeof loanPaymentRequestSchema>;
export const loanPaymentResponseSchema = messageSchema.extend({ id: z.number().int() });
export type LoanPaymentResponse = z.infer<typeof loanPaymentResponseSchema>;

/**
 * PUT /api/repayments/{id}: approves a pending repayment. Only `status` matters to the server;
 * the other fields are what the specification's client sends along and are ignored.
 */
export const approveRepaymentRequestSchema = z.object({
  loanId: optionalIdField('Loan'),
  amount: optionalMoneyField('Amount'),
  status: z.literal('paid', { error: 'Status must be paid' }),
  mpesaCode: optionalTextField('M-Pesa code', 40),
  customerId: optionalIdField('Customer'),
  initiatedBy: optionalIdField('Initiated by'),
});
export type ApproveRepaymentRequest = z.infer<typeof approveRepaymentRequestSchema>;
export const approveRepaymentResponseSchema = messageSchema;
export type ApproveRepaymentResponse = z.infer<typeof approveRepaymentResponseSchema>;

/** The most a repayment's rejection reason holds. */
export const REJECTION_REASON_MAX = 500;
/** Why a repayment is rejected: required, trimmed, 1 to REJECTION_REASON_MAX characters. */
export const rejectionReasonField = textField('Reason', REJECTION_REASON_MAX);

/** PUT /api/repayments/reject/{id}: rejects a pending repayment (it never counts as paid). */
export const rejectRepaymentRequestSchema = z.object({ reason: rejectionReasonField });
export type RejectRepaymentRequest = z.infer<typeof rejectRepaymentRequestSchema>;
export const rejectRepaymentResponseSchema = messageSchema;
export type RejectRepaymentResponse = z.infer<typeof rejectRepaymentResponseSchema>;

/** Row of GET /api/loans/repayments/{id}: the repayments of one loan, oldest first. */
export const loanRepaymentRowSchema = z.object({
  id: z.number().int(),
  payment_date: isoDateSchema,
  amount_paid: moneySchema,
  method: z.enum(PAYMENT_METHODS),
  transaction_code: z.string(),
  status: repaymentStatusSchema,
  source: z.enum(REPAYMENT_SOURCES),
  /** Why an admin rejected it; null unless rejected. */
  rejection_reason: z.string().nullable(),
});
export type LoanRepaymentRow = z.infer<typeof loanRepaymentRowSchema>;
export const loanRepaymentsResponseSchema = z.array(loanRepaymentRowSchema);
export type LoanRepaymentsResponse = z.infer<typeof loanRepaymentsResponseSchema>;
