import type { Cents } from '@lender/shared/domain/cents';
import { addDays, isBusinessDate, type BusinessDate } from './calendar-date';
import {
  computeLoanTotals,
  installmentPlan,
  type LoanTerms,
  type LoanTotals,
} from '@lender/shared/domain/loan-terms';

export interface ScheduledInstallment {
  /** 1-based. */
  number: number;
  dueDate: BusinessDate;
  amountCents: Cents;
}

/** A disbursed loan's repayment schedule: its totals and its weekly installments. */
export interface LoanSchedule extends LoanTotals {
  disbursementDate: BusinessDate;
  /** Due date of the last installment: disbursement date + duration_days. */
  expectedCompletionDate: BusinessDate;
  /** In order of due date; the amounts add up to totalAmountCents exactly. */
  installments: ScheduledInstallment[];
}

export interface ScheduleInput extends LoanTerms {
  /** The business date of the disbursement in the lender's zone (clock.ts's businessDate). */
  disbursementDate: BusinessDate;
}

/**
 * The schedule created at disbursement (docs/product.md#loans-and-the-schedule): n = max(1, floor(duration_days / 7))
 * installments; installment k < n falls due 7·k days after the disbursement date, the last
 * duration_days after it; every installment is total / n rounded to the cent but the last, which
 * takes the remainder. Throws RangeError on invalid terms or date.
 */
export function buildSchedule(input: ScheduleInput): LoanSchedule {
  const totals = computeLoanTotals(input);
  if (!isBusinessDate(input.disbursementDate)) {
    throw new RangeError(`The disbursement date must be a date YYYY-MM-DD (got "${input.disbursementDate}")`);
  }
  const installments = installmentPlan(input).map(
    ({ number, daysAfterDisbursement, amountCents }): ScheduledInstallment => ({
      number,
      dueDate: addDays(input.disbursementDate, daysAfterDisbursement),
      amountCents,
    }),
  );
  return {
    ...totals,
    disbursementDate: input.disbursementDate,
    expectedCompletionDate: addDays(input.disbursementDate, input.durationDays),
    installments,
  };
}
