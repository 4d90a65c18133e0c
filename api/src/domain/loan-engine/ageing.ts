import type { LoanStatus } from '@lender/shared/domain/statuses';
import { percentOf, type Cents } from '@lender/shared/domain/cents';
import { addDays, daysBetween, type BusinessDate } from './calendar-date';
import type { LoanEvaluation } from './evaluate';

/**
 * What the date alone does to a loan (docs/product.md#loans-and-the-schedule). With no new repayment, an evaluation
 * changes only on three kinds of day: an uncovered installment's due date (arrears, overdue, the
 * phone waiting), the day after it (its late fee, when the fee is not 0), and the day the earliest
 * uncovered installment passes the default threshold. Repayments already made are replayed before
 * any of those days, so due_date and paid_amount do not move with the date.
 */
export interface AgeingRule {
  lateFeePercent: string;
  defaultThresholdDays: number;
}

/**
 * The first business day after the evaluation's day on which the date alone may change it, or
 * null when no day can (not disbursed, paid, or every installment covered or long past with its
 * fee charged and the loan defaulted). The ageing pass re-evaluates a loan on that day, and a read
 * of a stored row on or after it evaluates the loan as of today.
 */
export function nextAgeingDate(evaluation: LoanEvaluation, rule: AgeingRule): BusinessDate | null {
  if (evaluation.status === 'pending_disbursement' || evaluation.status === 'paid') return null;
  const asOf = evaluation.asOf;
  let next: BusinessDate | null = null;
  const consider = (date: BusinessDate) => {
    if (date > asOf && (next === null || date < next)) next = date;
  };
  for (const installment of evaluation.installments) {
    if (installment.remainingCents <= 0n) continue;
    consider(installment.dueDate);
    if (percentOf(installment.amountCents, rule.lateFeePercent) > 0n)
      consider(addDays(installment.dueDate, 1));
  }
  if (evaluation.dueDate !== null && evaluation.status !== 'repossessed') {
    consider(addDays(evaluation.dueDate, rule.defaultThresholdDays + 1));
  }
  return next;
}

/** The stored columns the status of a disbursed loan follows from, whatever day it was stored. */
export interface StoredStatusFacts {
  status: LoanStatus;
  /** loans.due_date: the earliest uncovered installment's due date (does not move with the date). */
  dueDate: BusinessDate | null;
  paidAmountCents: Cents;
  defaultDate: BusinessDate | null;
}

/** The statuses the date can move a loan between (docs/product.md#loans-and-the-schedule's table below paid and repossessed). */
export const DATED_STATUSES: readonly LoanStatus[] = ['active', 'partially_paid', 'overdue', 'defaulted'];

/**
 * A dated loan is defaulted as of `today` exactly when its due_date (the earliest uncovered
 * installment) falls before the day this returns: more than `thresholdDays` days late.
 */
export const defaultedSince = (today: BusinessDate, thresholdDays: number): BusinessDate =>
  addDays(today, -thresholdDays);

/**
 * A loan's status and default date as of `today` from its stored columns alone, evaluated on any
 * earlier day: paid, repossessed and pending disbursement do not change with the date; otherwise
 * docs/product.md#loans-and-the-schedule's table from due_date (arrears > 0 exactly when the earliest uncovered installment is due
 * on or before today) and paid_amount. The same rule in SQL is lists.ts's status-as-of-today.
 */
export function statusAsOf(
  stored: StoredStatusFacts,
  today: BusinessDate,
  defaultThresholdDays: number,
): { status: LoanStatus; defaultDate: BusinessDate | null } {
  if (!DATED_STATUSES.includes(stored.status)) {
    return { status: stored.status, defaultDate: stored.defaultDate };
  }
  const { dueDate } = stored;
  const daysOverdue = dueDate !== null && dueDate < today ? daysBetween(dueDate, today) : 0;
  if (dueDate !== null && daysOverdue > defaultThresholdDays) {
    return { status: 'defaulted', defaultDate: addDays(dueDate, defaultThresholdDays + 1) };
  }
  if (dueDate !== null && dueDate <= today) return { status: 'overdue', defaultDate: null };
  return { status: stored.paidAmountCents > 0n ? 'partially_paid' : 'active', defaultDate: null };
}
