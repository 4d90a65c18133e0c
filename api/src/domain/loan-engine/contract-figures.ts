import type { LoanDetail } from '@lender/shared/contract/loans';
import { toMoneyNumber } from '@lender/shared/domain/cents';
import type { LoanEvaluation } from './evaluate';

/** The loan row and loan detail fields (shared/src/contract/loans.ts) that the engine computes. */
export type LoanFigures = Pick<
  LoanDetail,
  | 'principal'
  | 'total_interest'
  | 'total_amount'
  | 'installment_amount'
  | 'installments_sum'
  | 'paid_amount'
  | 'penalty'
  | 'remaining_balance'
  | 'arrears'
  | 'amount_due'
  | 'status'
  | 'due_date'
  | 'days_remaining'
  | 'days_overdue'
  | 'default_date'
  | 'completed_date'
  | 'expected_completion_date'
  | 'paid_through_date'
  | 'lock_date'
  | 'schedule'
>;

/** An evaluation in the contract's shape: amounts as numbers with 2 decimals, dates as YYYY-MM-DD. */
export function toLoanFigures(evaluation: LoanEvaluation): LoanFigures {
  return {
    principal: toMoneyNumber(evaluation.principalCents),
    total_interest: toMoneyNumber(evaluation.totalInterestCents),
    total_amount: toMoneyNumber(evaluation.totalAmountCents),
    installment_amount: toMoneyNumber(evaluation.installmentAmountCents),
    installments_sum: toMoneyNumber(evaluation.installmentsSumCents),
    paid_amount: toMoneyNumber(evaluation.paidAmountCents),
    penalty: toMoneyNumber(evaluation.penaltyCents),
    remaining_balance: toMoneyNumber(evaluation.remainingBalanceCents),
    arrears: toMoneyNumber(evaluation.arrearsCents),
    amount_due: toMoneyNumber(evaluation.amountDueCents),
    status: evaluation.status,
    due_date: evaluation.dueDate,
    days_remaining: evaluation.daysRemaining,
    days_overdue: evaluation.daysOverdue,
    default_date: evaluation.defaultDate,
    completed_date: evaluation.completedDate,
    expected_completion_date: evaluation.expectedCompletionDate,
    paid_through_date: evaluation.paidThroughDate,
    lock_date: evaluation.lockDate,
    schedule: evaluation.installments.map((installment) => ({
      number: installment.number,
      due_date: installment.dueDate,
      amount: toMoneyNumber(installment.amountCents),
      paid: toMoneyNumber(installment.paidCents),
      remaining: toMoneyNumber(installment.remainingCents),
      late_fee: toMoneyNumber(installment.lateFeeCents),
      state: installment.state,
    })),
  };
}
