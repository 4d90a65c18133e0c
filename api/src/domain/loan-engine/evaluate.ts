import type { LoanStatus } from '@lender/shared/domain/statuses';
import type { InstallmentState } from '@lender/shared/contract/loans';
import { percentOf, sumCents, type Cents } from '@lender/shared/domain/cents';
import { addDays, daysBetween, isBusinessDate, type BusinessDate } from './calendar-date';
import type { LoanSchedule, ScheduledInstallment } from './schedule';
import { assertPercent, computeLoanTotals, type LoanTerms } from '@lender/shared/domain/loan-terms';

export interface ApprovedRepayment {
  /** > 0 (a repayment is approved only with a positive amount). */
  amountCents: Cents;
  /** The business day it was recorded (repayments.paid_date). */
  paidDate: BusinessDate;
}

export interface PenaltyRule {
  /** Late fee as a percentage of an installment, charged once when it goes past due unpaid ('0' to '100'). */
  lateFeePercent: string;
}

export const NO_PENALTY: PenaltyRule = { lateFeePercent: '0' };
export const DEFAULT_THRESHOLD_DAYS = 30;

export interface LoanEvaluationInput {
  terms: LoanTerms;
  /** The schedule made at disbursement (stored, or rebuilt with buildSchedule); ignored until disbursed. */
  schedule: LoanSchedule | null;
  disbursed: boolean;
  /** Every approved repayment of the loan, in any order (pending ones are not included). */
  approvedRepayments: readonly ApprovedRepayment[];
  /** Default: no late fee. */
  penaltyRule?: PenaltyRule;
  /** The phone was repossessed (device status repossessed). */
  repossessed: boolean;
  /** The business date to evaluate at (clock.ts's businessDate(now, LENDER_TZ)). */
  today: BusinessDate;
  /** A loan is defaulted once days_overdue exceeds this (default 30). */
  defaultThresholdDays?: number;
}

export interface InstallmentPosition extends ScheduledInstallment {
  /** Covered by repayments so far (after the penalty). */
  paidCents: Cents;
  /** amount − paid. */
  remainingCents: Cents;
  /** The late fee this installment was charged (once, the first day past its due date unpaid); 0 if none. */
  lateFeeCents: Cents;
  /**
   * paid: fully covered; overdue: not, and its due date is past (before today, as days_overdue
   * and the late fee count); due: not yet covered, due today or later.
   */
  state: InstallmentState;
}

/** Everything of docs/product.md#loans-and-the-schedule about one loan as of one day. */
export interface LoanEvaluation {
  asOf: BusinessDate;
  principalCents: Cents;
  totalInterestCents: Cents;
  totalAmountCents: Cents;
  installmentAmountCents: Cents;
  /** The installments' amounts added up: equals totalAmountCents. */
  installmentsSumCents: Cents;
  /** null until disbursed. */
  expectedCompletionDate: BusinessDate | null;
  /** Sum of the approved repayments. */
  paidAmountCents: Cents;
  /** Late fees charged up to today. */
  penaltyCents: Cents;
  /** The part of the penalty that repayments have covered (they cover it first). */
  penaltyPaidCents: Cents;
  /** total + penalty − paid (negative only if approvals overshot the balance, which the server must refuse). */
  remainingBalanceCents: Cents;
  /** max(0, installments due on or before today − (paid − penalty paid)). */
  arrearsCents: Cents;
  /**
   * Amount due now: what the customer pays to be up to date on the due date, i.e. the late fees
   * not yet covered plus what remains of every installment due on or before the later of today and
   * dueDate. Due today or past: the arrears and the fees; falling due later: the rest of that next
   * installment. 0 when paid or not disbursed.
   */
  amountDueCents: Cents;
  /** Due date of the earliest installment not fully covered; null when paid or not disbursed. */
  dueDate: BusinessDate | null;
  /** dueDate − today in days (0 on the due date, negative once past); null with dueDate. */
  daysRemaining: number | null;
  /** today − dueDate when dueDate is before today, else 0. */
  daysOverdue: number;
  status: LoanStatus;
  /** dueDate + threshold + 1, the first day past the threshold; null unless defaulted. */
  defaultDate: BusinessDate | null;
  /** The paid date of the repayment that brought the balance to 0; null unless paid. */
  completedDate: BusinessDate | null;
  /**
   * Paid-through date: the due date of the last installment fully covered by the approved
   * repayments (allocated as above: late fees first, then the installments in order). Null when no
   * installment is fully covered yet, or until disbursed. A paid-off loan's is its last
   * installment's due date. Does not move with the date (only repayments move it).
   */
  paidThroughDate: BusinessDate | null;
  /**
   * Lock date: the first day the phone may be locked if nothing more is paid, i.e. the first day
   * of arrears (arrearsFrom) of the first installment not fully covered: from that day arrears > 0
   * and deviceStatusFor moves the phone to 'waiting', the only status an admin may lock from. With
   * the rule "due on or before today" that is the installment's due date itself (= dueDate), not
   * the day after. Already past (or today) while the loan is in arrears: it stays that day. Null
   * when nothing is left to cover (paid off), until disbursed, and once repossessed.
   */
  lockDate: BusinessDate | null;
  /** The schedule with what covers each installment; empty until disbursed. */
  installments: InstallmentPosition[];
}

/**
 * The first day an installment counts in arrears if it is not fully covered: "due on or before
 * today" (README, Decisions), so its due date itself. The arrears, the 'overdue' status, the
 * phone's 'waiting' state and the lock date all follow from this one rule; a grace day would be
 * `addDays(dueDate, 1)` here.
 */
export const arrearsFrom = (dueDate: BusinessDate): BusinessDate => dueDate;

function assertDate(value: string, what: string): void {
  if (!isBusinessDate(value)) throw new RangeError(`${what} must be a date YYYY-MM-DD (got "${value}")`);
}

const minCents = (a: Cents, b: Cents): Cents => (a < b ? a : b);
const earlierDate = (a: BusinessDate, b: BusinessDate): BusinessDate => (a < b ? a : b);

interface Allocation {
  paidPerInstallment: Cents[];
  /** The late fee charged on each installment (0 where none was). */
  feePerInstallment: Cents[];
  penaltyCents: Cents;
  penaltyPaidCents: Cents;
  completedDate: BusinessDate | null;
}

/**
 * Replays the loan day by day: on the first day past an installment's due date, a late fee is
 * charged if that installment is not fully covered by the repayments dated up to its due date;
 * each repayment, in paid-date order, covers the penalty outstanding at that time first, then the
 * installments in order. Fees are charged at the start of a day, before that day's repayments,
 * and only up to today. A repayment dated after today is applied after today's fees.
 */
function allocate(
  installments: readonly ScheduledInstallment[],
  totalAmountCents: Cents,
  repayments: readonly ApprovedRepayment[],
  lateFeePercent: string,
  today: BusinessDate,
): Allocation {
  const fees = installments.map((installment) => percentOf(installment.amountCents, lateFeePercent));
  const paidPerInstallment = installments.map((): Cents => 0n);
  const feePerInstallment = installments.map((): Cents => 0n);
  const isCovered = (index: number): boolean =>
    (paidPerInstallment[index] ?? 0n) >= (installments[index]?.amountCents ?? 0n);
  let firstOpen = 0;
  const skipCovered = () => {
    while (firstOpen < installments.length && isCovered(firstOpen)) firstOpen += 1;
  };
  let penaltyCents = 0n;
  let penaltyPaidCents = 0n;
  let paidCents = 0n;
  let completedDate: BusinessDate | null = null;

  let nextFeeCheck = 0;
  const chargeLateFeesThrough = (date: BusinessDate) => {
    for (; nextFeeCheck < installments.length; nextFeeCheck += 1) {
      const installment = installments[nextFeeCheck];
      if (!installment || addDays(installment.dueDate, 1) > date) break;
      if (!isCovered(nextFeeCheck)) {
        const fee = fees[nextFeeCheck] ?? 0n;
        feePerInstallment[nextFeeCheck] = fee;
        penaltyCents += fee;
      }
    }
  };

  const inPaidDateOrder = [...repayments].sort((a, b) =>
    a.paidDate < b.paidDate ? -1 : a.paidDate > b.paidDate ? 1 : 0,
  );
  skipCovered();
  for (const repayment of inPaidDateOrder) {
    chargeLateFeesThrough(earlierDate(repayment.paidDate, today));
    let left = repayment.amountCents;
    const toPenalty = minCents(left, penaltyCents - penaltyPaidCents);
    penaltyPaidCents += toPenalty;
    left -= toPenalty;
    while (left > 0n && firstOpen < installments.length) {
      const open = (installments[firstOpen]?.amountCents ?? 0n) - (paidPerInstallment[firstOpen] ?? 0n);
      const taken = minCents(left, open);
      paidPerInstallment[firstOpen] = (paidPerInstallment[firstOpen] ?? 0n) + taken;
      left -= taken;
      skipCovered();
    }
    paidCents += repayment.amountCents;
    if (completedDate === null && totalAmountCents + penaltyCents - paidCents <= 0n) {
      completedDate = repayment.paidDate;
    }
  }
  chargeLateFeesThrough(today);
  return { paidPerInstallment, feePerInstallment, penaltyCents, penaltyPaidCents, completedDate };
}

/** An installment's state as of today: paid once covered, overdue once its due date is past, due until then. */
export function installmentStateOf(
  remainingCents: Cents,
  dueDate: BusinessDate,
  today: BusinessDate,
): InstallmentState {
  if (remainingCents <= 0n) return 'paid';
  return dueDate < today ? 'overdue' : 'due';
}

export interface LoanStatusFacts {
  disbursed: boolean;
  remainingBalanceCents: Cents;
  repossessed: boolean;
  daysOverdue: number;
  defaultThresholdDays: number;
  arrearsCents: Cents;
  paidAmountCents: Cents;
}

/** The loan status table of docs/product.md#loans-and-the-schedule: the first row that matches. */
export function loanStatusOf(facts: LoanStatusFacts): LoanStatus {
  if (!facts.disbursed) return 'pending_disbursement';
  if (facts.remainingBalanceCents <= 0n) return 'paid';
  if (facts.repossessed) return 'repossessed';
  if (facts.daysOverdue > facts.defaultThresholdDays) return 'defaulted';
  if (facts.arrearsCents > 0n) return 'overdue';
  if (facts.paidAmountCents > 0n) return 'partially_paid';
  return 'active';
}

/**
 * Evaluates a loan as of `today` (docs/product.md#loans-and-the-schedule). Pure and deterministic; throws RangeError only
 * on inputs outside the domain (invalid terms, dates or percentages, a negative repayment, a
 * disbursed loan without its schedule).
 */
export function evaluateLoan(input: LoanEvaluationInput): LoanEvaluation {
  const { terms, today, repossessed, disbursed } = input;
  const penaltyRule = input.penaltyRule ?? NO_PENALTY;
  const defaultThresholdDays = input.defaultThresholdDays ?? DEFAULT_THRESHOLD_DAYS;
  const totals = computeLoanTotals(terms);
  assertDate(today, 'today');
  assertPercent(penaltyRule.lateFeePercent, 'The late fee');
  if (!Number.isSafeInteger(defaultThresholdDays) || defaultThresholdDays < 0) {
    throw new RangeError(
      `The default threshold must be a whole number of days ≥ 0 (got ${defaultThresholdDays})`,
    );
  }
  for (const repayment of input.approvedRepayments) {
    assertDate(repayment.paidDate, 'A repayment’s paid date');
    if (repayment.amountCents < 0n)
      throw new RangeError(`A repayment cannot be negative (${repayment.amountCents})`);
  }
  const schedule = disbursed ? input.schedule : null;
  if (disbursed && !schedule) throw new RangeError('A disbursed loan needs its schedule');
  const paidAmountCents = sumCents(input.approvedRepayments.map((repayment) => repayment.amountCents));

  const scheduled = schedule?.installments ?? [];
  for (const installment of scheduled) assertDate(installment.dueDate, 'An installment’s due date');
  const totalAmountCents = schedule?.totalAmountCents ?? totals.totalAmountCents;
  const allocation = schedule
    ? allocate(scheduled, totalAmountCents, input.approvedRepayments, penaltyRule.lateFeePercent, today)
    : {
        paidPerInstallment: [],
        feePerInstallment: [],
        penaltyCents: 0n,
        penaltyPaidCents: 0n,
        completedDate: null,
      };
  const { penaltyCents, penaltyPaidCents } = allocation;

  const installments = scheduled.map((installment, index): InstallmentPosition => {
    const paidCents = allocation.paidPerInstallment[index] ?? 0n;
    const remainingCents = installment.amountCents - paidCents;
    return {
      ...installment,
      paidCents,
      remainingCents,
      lateFeeCents: allocation.feePerInstallment[index] ?? 0n,
      state: installmentStateOf(remainingCents, installment.dueDate, today),
    };
  });
  const remainingBalanceCents = totalAmountCents + penaltyCents - paidAmountCents;
  // "Due on or before today": an installment due today counts in arrears from the start of its due day.
  const dueByToday = sumCents(
    scheduled.filter((i) => arrearsFrom(i.dueDate) <= today).map((i) => i.amountCents),
  );
  const arrearsBalance = dueByToday - (paidAmountCents - penaltyPaidCents);
  const arrearsCents = arrearsBalance > 0n ? arrearsBalance : 0n;
  const firstOpen = installments.find((installment) => installment.remainingCents > 0n);
  const dueDate = firstOpen?.dueDate ?? null;
  const daysRemaining = dueDate === null ? null : daysBetween(today, dueDate);
  const dueBy = dueDate === null || dueDate < today ? today : dueDate;
  const amountDueCents =
    dueDate === null
      ? 0n
      : penaltyCents -
        penaltyPaidCents +
        sumCents(installments.filter((i) => i.dueDate <= dueBy).map((i) => i.remainingCents));
  // "Past": strictly before today, so 0 on the due date itself.
  const daysOverdue = daysRemaining !== null && daysRemaining < 0 ? -daysRemaining : 0;

  // Repayments cover the installments in order, so the fully covered ones are those before firstOpen.
  const openIndex = firstOpen ? installments.indexOf(firstOpen) : installments.length;
  const paidThroughDate = installments[openIndex - 1]?.dueDate ?? null;

  const status = loanStatusOf({
    disbursed,
    remainingBalanceCents,
    repossessed,
    daysOverdue,
    defaultThresholdDays,
    arrearsCents,
    paidAmountCents,
  });
  return {
    asOf: today,
    principalCents: terms.principalCents,
    totalInterestCents: schedule?.totalInterestCents ?? totals.totalInterestCents,
    totalAmountCents,
    installmentAmountCents: schedule?.installmentAmountCents ?? totals.installmentAmountCents,
    installmentsSumCents: schedule ? sumCents(scheduled.map((i) => i.amountCents)) : totalAmountCents,
    expectedCompletionDate: schedule?.expectedCompletionDate ?? null,
    paidAmountCents,
    penaltyCents,
    penaltyPaidCents,
    remainingBalanceCents,
    arrearsCents,
    amountDueCents,
    dueDate,
    daysRemaining,
    daysOverdue,
    status,
    defaultDate:
      status === 'defaulted' && dueDate !== null ? addDays(dueDate, defaultThresholdDays + 1) : null,
    completedDate: status === 'paid' ? allocation.completedDate : null,
    paidThroughDate,
    lockDate: dueDate !== null && status !== 'paid' && status !== 'repossessed' ? arrearsFrom(dueDate) : null,
    installments,
  };
}
