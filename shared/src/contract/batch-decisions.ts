import { z } from 'zod';
import { rejectionReasonField } from './repayments';
import { idField, mpesaCodeField } from './validators';

/**
 * Decisions taken together (issue 34): an admin approves a page of pending repayments or
 * applications, or disburses several loans, in one request. Each item is decided on its own, by
 * the same service path as the single decision and in its own transaction, and the answer says,
 * for each item in the order asked, whether it succeeded and why not.
 */

/** At most this many items in one batch (ten pages of a list). */
export const MAX_BATCH_ITEMS = 100;

/** Adds an issue at each index whose key was already listed earlier. */
const refuseRepeats =
  <Item>(
    keyOf: (item: Item) => unknown,
    said: (item: Item) => string,
    path: (index: number) => (string | number)[],
  ) =>
  (items: Item[], context: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const key = keyOf(item);
      if (seen.has(key)) context.addIssue({ code: 'custom', path: path(index), message: said(item) });
      seen.add(key);
    });
  };

/** A list of 1 to MAX_BATCH_ITEMS record ids, each listed once. */
const batchIdsField = (label: string) =>
  z
    .array(idField(`${label} id`), { error: `ids must be a list of ${label.toLowerCase()} ids` })
    .min(1, `Choose at least one ${label.toLowerCase()}`)
    .max(MAX_BATCH_ITEMS, `At most ${MAX_BATCH_ITEMS} ${label.toLowerCase()}s can be decided at once`)
    .superRefine(
      refuseRepeats(
        (id: number) => id,
        (id) => `${label} ${id} is listed more than once`,
        (index) => [index],
      ),
    );

/** POST /api/repayments/approve-batch: the pending repayments to approve. */
export const approveRepaymentsBatchRequestSchema = z.object({ ids: batchIdsField('Repayment') });
export type ApproveRepaymentsBatchRequest = z.infer<typeof approveRepaymentsBatchRequestSchema>;

/** POST /api/repayments/reject-batch: the pending repayments to reject, all for one reason. */
export const rejectRepaymentsBatchRequestSchema = z.object({
  ids: batchIdsField('Repayment'),
  reason: rejectionReasonField,
});
export type RejectRepaymentsBatchRequest = z.infer<typeof rejectRepaymentsBatchRequestSchema>;

/**
 * POST /api/loansApplication/approve-batch: the pending applications to approve, each at the
 * amount applied for (a different disbursed amount is the row's own Approve, with its field).
 */
export const approveApplicationsBatchRequestSchema = z.object({ ids: batchIdsField('Application') });
export type ApproveApplicationsBatchRequest = z.infer<typeof approveApplicationsBatchRequestSchema>;

/**
 * POST /api/loans/disburse-batch: each loan with the M-Pesa code of its own payout (every payout is
 * its own M-Pesa transaction, so no two loans share a code).
 */
export const disburseLoansBatchRequestSchema = z.object({
  items: z
    .array(z.object({ id: idField('Loan id'), mpesaCode: mpesaCodeField('M-Pesa code') }), {
      error: 'items must be a list of loans, each with its M-Pesa code',
    })
    .min(1, 'Choose at least one loan')
    .max(MAX_BATCH_ITEMS, `At most ${MAX_BATCH_ITEMS} loans can be disbursed at once`)
    .superRefine(
      refuseRepeats(
        (item: { id: number }) => item.id,
        (item) => `Loan ${item.id} is listed more than once`,
        (index) => [index, 'id'],
      ),
    )
    .superRefine(
      refuseRepeats(
        (item: { mpesaCode: string }) => item.mpesaCode,
        (item) => `M-Pesa code ${item.mpesaCode} is given for more than one loan`,
        (index) => [index, 'mpesaCode'],
      ),
    ),
});
export type DisburseLoansBatchRequest = z.infer<typeof disburseLoansBatchRequestSchema>;

/** One item's outcome: ok with the single decision's success message, or refused with its reason. */
export const batchDecisionResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  message: z.string(),
});
export type BatchDecisionResult = z.infer<typeof batchDecisionResultSchema>;

/** Every item's outcome, in the order asked. */
export const batchDecisionResponseSchema = z.object({ results: z.array(batchDecisionResultSchema) });
export type BatchDecisionResponse = z.infer<typeof batchDecisionResponseSchema>;
