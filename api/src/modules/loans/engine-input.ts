/**
 * Reads a stored loan into the loan engine's input and writes an evaluation back into the loan's
 * derived columns. The rules themselves live in domain/loan-engine; nothing here decides a figure.
 */
import type { Executor } from '../../db/client';
import {
  addDays,
  deviceStatusFor,
  evaluateLoan,
  readDeviceStatus,
  type LoanEvaluation,
  type LoanSchedule,
  type LoanTerms,
} from '../../domain/loan-engine';
import { formatCents, sumCents, toCents } from '../../domain/money';
import {
  findLoan,
  listApprovedRepayments,
  listInstallments,
  updateLoanIf,
  type InstallmentRecord,
  type LoanRecord,
} from './repository';

export const termsOf = (loan: LoanRecord): LoanTerms => ({
  principalCents: toCents(loan.principal),
  interestRate: loan.interestRate,
  durationDays: loan.durationDays,
});

/** The stored schedule in the engine's shape (null until disbursed). */
export function storedSchedule(loan: LoanRecord, installments: InstallmentRecord[]): LoanSchedule | null {
  const last = installments[installments.length - 1];
  if (!loan.disbursementDate || !last) return null;
  // The last installment falls due duration_days after the disbursement's business date.
  const disbursementDate = addDays(last.dueDate, -loan.durationDays);
  const amounts = installments.map((i) => toCents(i.amount));
  return {
    totalInterestCents: toCents(loan.totalInterest),
    totalAmountCents: sumCents(amounts),
    installmentCount: installments.length,
    installmentAmountCents: amounts[0] ?? 0n,
    disbursementDate,
    expectedCompletionDate: loan.expectedCompletionDate ?? addDays(disbursementDate, loan.durationDays),
    installments: installments.map((i, index) => ({
      number: i.number,
      dueDate: i.dueDate,
      amountCents: amounts[index] ?? 0n,
    })),
  };
}

/**
 * The lender's policy applied to every loan, whenever it was granted (config.ts). Required
 * wherever a loan is evaluated, so that no caller can fall back to a different threshold. (The late
 * fee is not here: it is part of each loan's contract, loans.late_fee_percent.)
 */
export interface LoanPolicy {
  /** DEFAULT_THRESHOLD_DAYS: defaulted once days_overdue exceeds this. */
  defaultThresholdDays: number;
}

/** Evaluates a stored loan as of `today` from its schedule, approved repayments and late fee. */
export async function evaluateStoredLoan(
  ex: Executor,
  loan: LoanRecord,
  today: string,
  policy: LoanPolicy,
): Promise<LoanEvaluation> {
  const disbursed = loan.disbursementDate !== null;
  const [installments, approved] = disbursed
    ? await Promise.all([listInstallments(ex, loan.id), listApprovedRepayments(ex, loan.id)])
    : [[], []];
  return evaluateLoan({
    terms: termsOf(loan),
    schedule: storedSchedule(loan, installments),
    disbursed,
    approvedRepayments: approved.map((r) => ({ amountCents: toCents(r.amount), paidDate: r.paidDate })),
    repossessed: readDeviceStatus(loan.deviceStatus) === 'repossessed',
    today,
    penaltyRule: { lateFeePercent: loan.lateFeePercent },
    defaultThresholdDays: policy.defaultThresholdDays,
  });
}

/** The derived columns an evaluation calls for, with the device status of §6's automatic transitions. */
export function derivedColumns(loan: LoanRecord, evaluation: LoanEvaluation) {
  const remaining = evaluation.remainingBalanceCents;
  return {
    paidAmount: formatCents(evaluation.paidAmountCents),
    penalty: formatCents(evaluation.penaltyCents),
    // Negative only if approvals overshot (refused at approval); the column cannot hold it.
    remainingBalance: formatCents(remaining < 0n ? 0n : remaining),
    arrears: formatCents(evaluation.arrearsCents),
    status: evaluation.status,
    dueDate: evaluation.dueDate,
    completedDate: evaluation.completedDate,
    defaultDate: evaluation.defaultDate,
    expectedCompletionDate: evaluation.expectedCompletionDate,
    deviceStatus: deviceStatusFor(loan.deviceStatus, evaluation),
  };
}

export type DerivedColumns = ReturnType<typeof derivedColumns>;

export interface Recomputed {
  loan: LoanRecord;
  evaluation: LoanEvaluation;
  /** The derived columns that changed, before and after (empty when nothing changed). */
  before: Partial<DerivedColumns>;
  after: Partial<DerivedColumns>;
  changed: boolean;
}

/**
 * Re-evaluates a loan as of `today` from its approved repayments and stores the derived columns
 * (status, due date, arrears, balance, default and completion dates, device status). Call it
 * inside the transaction of every write that changes what the engine sees (repayment approval,
 * disbursement, repossession) and from the ageing pass. Locks the loan's row. Writes no audit
 * entry: the caller records its own change, and `before`/`after` say what the recomputation moved.
 */
export async function recomputeLoan(
  tx: Executor,
  loanId: number,
  today: string,
  policy: LoanPolicy,
): Promise<Recomputed> {
  const loan = await findLoan(tx, loanId, { forUpdate: true });
  if (!loan) throw new Error(`Loan ${loanId} not found`);
  const evaluation = await evaluateStoredLoan(tx, loan, today, policy);
  const next = derivedColumns(loan, evaluation);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const stored = loan[key as keyof LoanRecord];
    const same =
      typeof value === 'string' && typeof stored === 'string' && /^-?\d+\.\d{2}$/.test(value)
        ? toCents(stored) === toCents(value)
        : stored === value;
    if (!same) {
      before[key] = stored;
      after[key] = value;
    }
  }
  const changed = Object.keys(after).length > 0;
  const updated = changed ? ((await updateLoanIf(tx, loanId, undefined, next)) ?? loan) : loan;
  return {
    loan: updated,
    evaluation,
    before: before as Partial<DerivedColumns>,
    after: after as Partial<DerivedColumns>,
    changed,
  };
}
