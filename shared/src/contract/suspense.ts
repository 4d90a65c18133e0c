/**
 * The M-Pesa suspense queue (issue 13): paybill payments the server could not put on a loan by
 * itself (an account number that names no open loan, a closed loan, more than the loan owed), and
 * what an admin decides for each: assign it to a loan, or mark it refunded.
 */
import { z } from 'zod';
import { valuesOf } from '../domain/value-table';
import {
  countSchema,
  isoDateSchema,
  isoDateTimeSchema,
  listQueryShape,
  messageSchema,
  moneySchema,
  paginated,
} from './common';
import { loanStatusSchema } from './loans';
import { idField, textField } from './validators';
import { SUSPENSE_LISTS } from './suspense-lists';

/** Why a payment waits in suspense. */
export const SUSPENSE_REASON_TEXTS = {
  unknown_account: 'No open loan has this account number',
  not_disbursed: 'The loan has not been disbursed yet',
  loan_closed: 'The loan was already closed',
  over_balance: 'More than the loan owed',
  over_recorded: 'More than staff recorded for this code',
  code_used_elsewhere: 'The code was already used for a deposit or a disbursement',
};
export const SUSPENSE_REASONS = valuesOf(SUSPENSE_REASON_TEXTS);
export type SuspenseReason = (typeof SUSPENSE_REASONS)[number];

/**
 * Where a received paybill payment stands: applied (all of it on loans), suspense (some or all of
 * it waits for an admin), refunded (what waited was sent back).
 */
export const MPESA_PAYMENT_STATUSES = ['applied', 'suspense', 'refunded'] as const;
export type MpesaPaymentStatus = (typeof MPESA_PAYMENT_STATUSES)[number];
/** How the suspense page's tabs and its CSV name each status. */
export const MPESA_PAYMENT_STATUS_LABELS: Record<MpesaPaymentStatus, string> = {
  suspense: 'Waiting',
  applied: 'Applied',
  refunded: 'Refunded',
};

/** A paybill payment as the suspense page lists it. */
export const suspensePaymentSchema = z.object({
  id: z.number().int(),
  /** M-Pesa's TransID: the code on the customer's SMS. */
  trans_id: z.string(),
  /** When M-Pesa took the money (TransTime, read in Nairobi time). */
  trans_time: isoDateTimeSchema,
  /** The business day of trans_time in the lender's time zone. */
  paid_date: isoDateSchema,
  /** What the customer paid. */
  amount: moneySchema,
  /** What of it is not on any loan yet (the whole amount, or an overpayment's remainder). */
  unapplied: moneySchema,
  /** The account number the customer typed (BillRefNumber), as typed. */
  account_typed: z.string(),
  /** The payer's name as M-Pesa gives it. */
  payer_name: z.string(),
  /** The payer's number as M-Pesa gives it (masked by current versions of the API). */
  msisdn: z.string(),
  reason: z.enum(SUSPENSE_REASONS),
  status: z.enum(MPESA_PAYMENT_STATUSES),
  /** The loan the account number named, when it named one (closed, or owing less). */
  loan_id: z.number().int().nullable(),
  received_at: isoDateTimeSchema,
  /** The admin who assigned or refunded the rest, and when; null while it waits. */
  resolved_by_name: z.string().nullable(),
  resolved_at: isoDateTimeSchema.nullable(),
  /** The refund note, or which loans the assignments went to. */
  resolution_note: z.string().nullable(),
  /**
   * How an applied payment was applied (issue 34): `matched`, on its loan automatically when it
   * came; `assigned`, by an admin from suspense (resolved_by_name, resolved_at); null while it
   * waits and when refunded. Optional: an older server does not send it.
   */
  applied_how: z.enum(['matched', 'assigned']).nullable().optional(),
});
export type SuspensePayment = z.infer<typeof suspensePaymentSchema>;

/**
 * What the Applied tab and its CSV say of how a payment was applied: 'Matched automatically', or
 * 'Assigned by Jane Wanjiru' (with 'Part matched automatically; the rest assigned by …' for an
 * overpayment whose remainder an admin placed). Null for what waits or was refunded.
 */
export function howApplied(
  payment: Pick<SuspensePayment, 'applied_how' | 'reason' | 'resolved_by_name'>,
): string | null {
  if (payment.applied_how === 'matched') return 'Matched automatically';
  if (payment.applied_how !== 'assigned') return null;
  const by = payment.resolved_by_name ?? 'an admin';
  return payment.reason === 'over_balance'
    ? `Part matched automatically; the rest assigned by ${by}`
    : `Assigned by ${by}`;
}

/**
 * GET /api/mpesa/suspense: newest first unless sorted; search by code, payer name, account typed
 * or amount; from/to narrow to the business days the payments were made (paid_date).
 */
export const suspenseListQuerySchema = z.object({
  ...listQueryShape(SUSPENSE_LISTS.suspense.sorts),
  /** suspense (the default) lists what waits; refunded and applied what was decided. */
  status: z
    .enum(MPESA_PAYMENT_STATUSES, { error: 'Status must be suspense, applied or refunded' })
    .default('suspense'),
});
export type SuspenseListQuery = z.input<typeof suspenseListQuerySchema>;
export const suspensePageSchema = paginated(suspensePaymentSchema);
export type SuspensePage = z.infer<typeof suspensePageSchema>;

/** GET /api/mpesa/suspense/summary: the dashboard's count of what waits. */
export const suspenseSummarySchema = z.object({ waiting: countSchema, amount: moneySchema });
export type SuspenseSummary = z.infer<typeof suspenseSummarySchema>;

/**
 * GET /api/mpesa/suspense/loans?search=: open loans a payment could go to, found by customer
 * name, phone number (any form), national ID or account number; at most 10.
 */
export const suspenseLoanSearchQuerySchema = z.object({
  search: textField('Search', 100),
});
export const suspenseLoanOptionSchema = z.object({
  loan_id: z.number().int(),
  account_number: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  national_id: z.string(),
  model: z.string(),
  status: loanStatusSchema,
  /** What the loan owes now, late fees included. */
  balance: moneySchema,
  arrears: moneySchema,
});
export type SuspenseLoanOption = z.infer<typeof suspenseLoanOptionSchema>;
export const suspenseLoanOptionsSchema = z.object({ data: z.array(suspenseLoanOptionSchema) });
export type SuspenseLoanOptions = z.infer<typeof suspenseLoanOptionsSchema>;

/** POST /api/mpesa/suspense/:id/assign: applies what waits to a loan (up to what it owes). */
export const assignSuspenseRequestSchema = z.object({ loanId: idField('Loan') });
export type AssignSuspenseRequest = z.infer<typeof assignSuspenseRequestSchema>;
export const assignSuspenseResponseSchema = messageSchema.extend({
  /** The repayment recorded on the loan. */
  repayment_id: z.number().int(),
  applied: moneySchema,
  /** What still waits (an overpayment's remainder); 0 when all of it went on the loan. */
  remaining: moneySchema,
});
export type AssignSuspenseResponse = z.infer<typeof assignSuspenseResponseSchema>;

/** POST /api/mpesa/suspense/:id/refund: what waits was sent back to the payer. */
export const refundSuspenseRequestSchema = z.object({ note: textField('Note', 500) });
export type RefundSuspenseRequest = z.infer<typeof refundSuspenseRequestSchema>;

export const SUSPENSE_TEXTS = {
  assigned: (applied: string, loanId: number) => `${applied} applied to loan ${loanId}`,
  refunded: 'Payment marked as refunded',
  notWaiting: 'This payment is no longer in suspense',
  loanNotOpen: (loanId: number) => `Loan ${loanId} is not open for payments`,
  alreadyOnLoan: (loanId: number) => `This payment has already been applied to loan ${loanId}`,
} as const;
