/**
 * Promises to pay (issue 14, collections). A promise note's date and amount are kept, as the
 * loan's latest promise, on the loan's row (promise_date, promise_from, promise_amount,
 * promise_paid), so that the lists show and filter by its status with a comparison on the row:
 * - kept: the approved repayments paid from the note's date through the promise date
 *   (promise_paid) add up to at least promise_amount;
 * - broken: not kept, and the promise date is before today;
 * - pending: otherwise.
 * promise_paid is written with the note and by recomputeLoan in every transaction that approves
 * a repayment; broken follows from the date alone, so nothing rewrites rows when a day passes.
 */
import type { PromiseStatus } from '@lender/shared/contract/notes';
import type { Executor } from '../../db/client';
import { formatCents, toCents, toMoneyNumber, type Cents } from '@lender/shared/domain/cents';
import { sumApprovedPaidBetween, type LoanRecord } from './repository';

/** A promise's status as of `today` (see the top of this file). */
export function promiseStatus(
  promise: { date: string; amountCents: Cents; paidCents: Cents },
  today: string,
): PromiseStatus {
  if (promise.paidCents >= promise.amountCents) return 'kept';
  return promise.date < today ? 'broken' : 'pending';
}

/** The loan row's latest promise as the contract shows it (all null when none). */
export function loanPromise(loan: LoanRecord, today: string) {
  if (loan.promiseDate === null || loan.promiseAmount === null) {
    return { promise_date: null, promise_amount: null, promise_status: null };
  }
  const amountCents = toCents(loan.promiseAmount);
  return {
    promise_date: loan.promiseDate,
    promise_amount: toMoneyNumber(amountCents),
    promise_status: promiseStatus(
      { date: loan.promiseDate, amountCents, paidCents: toCents(loan.promisePaid ?? '0') },
      today,
    ),
  };
}

/**
 * The loan's promise_paid as its approved repayments now stand, when it has a promise and the
 * figure moved: the columns to write with the loan's other derived columns (recomputeLoan).
 */
export async function promisePaidUpdate(
  ex: Executor,
  loan: LoanRecord,
): Promise<{ promisePaid: string } | undefined> {
  if (loan.promiseDate === null || loan.promiseFrom === null) return undefined;
  const paid = toCents(await sumApprovedPaidBetween(ex, loan.id, loan.promiseFrom, loan.promiseDate));
  if (loan.promisePaid !== null && toCents(loan.promisePaid) === paid) return undefined;
  return { promisePaid: formatCents(paid) };
}

/** The loan's columns for a promise just recorded, which becomes its latest. */
export async function latestPromiseColumns(
  ex: Executor,
  loanId: number,
  promise: { noteDate: string; date: string; amount: string },
) {
  return {
    promiseDate: promise.date,
    promiseFrom: promise.noteDate,
    promiseAmount: promise.amount,
    promisePaid: formatCents(
      toCents(await sumApprovedPaidBetween(ex, loanId, promise.noteDate, promise.date)),
    ),
  };
}
