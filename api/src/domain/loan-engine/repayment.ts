import { formatKsh } from '@lender/shared/domain/money';
import { formatCents, type Cents } from '@lender/shared/domain/cents';
import type { LoanEvaluation } from './evaluate';

export type RepaymentRefusalCode =
  'LOAN_NOT_DISBURSED' | 'LOAN_PAID' | 'AMOUNT_NOT_POSITIVE' | 'AMOUNT_OVER_BALANCE';

export type RepaymentAmountCheck =
  | { ok: true }
  | {
      ok: false;
      code: RepaymentRefusalCode;
      /** The request field to name in a 400 (docs/product.md#errors). */
      field: 'amount';
      message: string;
      remainingBalanceCents: Cents;
    };

/**
 * Whether a repayment of `amountCents` may be recorded on the evaluated loan (docs/product.md#repayment-rules):
 * the loan is disbursed and not paid, and 0 < amount ≤ remaining balance. Each refusal names the
 * remaining balance ("Ksh 1,234.50"). Call it when recording and again when approving (with the
 * evaluation of the already approved repayments), so that two pending repayments cannot overshoot.
 */
export function validateRepaymentAmount(
  evaluation: LoanEvaluation,
  amountCents: Cents,
): RepaymentAmountCheck {
  const remainingBalanceCents = evaluation.remainingBalanceCents;
  const balance = `the remaining balance is ${formatKsh(formatCents(remainingBalanceCents))}`;
  const refuse = (code: RepaymentRefusalCode, message: string): RepaymentAmountCheck => ({
    ok: false,
    code,
    field: 'amount',
    message,
    remainingBalanceCents,
  });
  if (evaluation.status === 'pending_disbursement') {
    return refuse('LOAN_NOT_DISBURSED', `The loan has not been disbursed yet; ${balance}`);
  }
  if (remainingBalanceCents <= 0n) return refuse('LOAN_PAID', `The loan is already paid; ${balance}`);
  if (amountCents <= 0n) return refuse('AMOUNT_NOT_POSITIVE', `Amount must be more than 0; ${balance}`);
  if (amountCents > remainingBalanceCents) {
    return refuse(
      'AMOUNT_OVER_BALANCE',
      `Amount must not exceed the remaining balance of ${formatKsh(formatCents(remainingBalanceCents))}`,
    );
  }
  return { ok: true };
}
