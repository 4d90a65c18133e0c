/**
 * Reads a stored loan into the loan engine's input and writes an evaluation back into the loan's
 * derived columns. The rules themselves live in domain/loan-engine; nothing here decides a figure.
 */
import { followDeviceStatus } from '../device-lock/service';
import { queueLoanMessage } from '../messages/service';
import type { Executor } from '../../db/client';
import {
  addDays,
  deviceStatusFor,
  evaluateLoan,
  nextAgeingDate,
  readDeviceStatus,
  type LoanEvaluation,
  type LoanSchedule,
  type LoanTerms,
} from '../../domain/loan-engine';
import { formatCents, sumCents, toCents } from '@lender/shared/domain/cents';
import {
  findLoan,
  listApprovedRepayments,
  listApprovedRepaymentsOf,
  listInstallments,
  listInstallmentsOf,
  updateLoanIf,
  type InstallmentRecord,
  type LoanRecord,
} from './repository';
import { promisePaidUpdate } from './promises';

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

/** What the engine needs of a stored loan besides its row. */
export interface EngineInputs {
  installments: InstallmentRecord[];
  approved: { amount: string; paidDate: string }[];
}

/** Evaluates a stored loan as of `today` from its row, installments (in order) and approved repayments. */
export function evaluateWith(
  loan: LoanRecord,
  inputs: EngineInputs,
  today: string,
  policy: LoanPolicy,
): LoanEvaluation {
  const disbursed = loan.disbursementDate !== null;
  return evaluateLoan({
    terms: termsOf(loan),
    schedule: disbursed ? storedSchedule(loan, inputs.installments) : null,
    disbursed,
    approvedRepayments: disbursed
      ? inputs.approved.map((r) => ({ amountCents: toCents(r.amount), paidDate: r.paidDate }))
      : [],
    repossessed: readDeviceStatus(loan.deviceStatus) === 'repossessed',
    today,
    penaltyRule: { lateFeePercent: loan.lateFeePercent },
    defaultThresholdDays: policy.defaultThresholdDays,
  });
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
  return evaluateWith(loan, { installments, approved }, today, policy);
}

/**
 * The engine's inputs for many loans at once: two set queries (installments and approved
 * repayments of every id), not two per loan. Ids without rows get empty lists.
 */
export async function loadEngineInputs(ex: Executor, loanIds: number[]): Promise<Map<number, EngineInputs>> {
  const inputs = new Map<number, EngineInputs>(loanIds.map((id) => [id, { installments: [], approved: [] }]));
  if (loanIds.length === 0) return inputs;
  const [installments, approved] = await Promise.all([
    listInstallmentsOf(ex, loanIds),
    listApprovedRepaymentsOf(ex, loanIds),
  ]);
  for (const installment of installments) inputs.get(installment.loanId)?.installments.push(installment);
  for (const { loanId, amount, paidDate } of approved)
    inputs.get(loanId)?.approved.push({ amount, paidDate });
  return inputs;
}

/**
 * The derived columns an evaluation calls for, with the device status of docs/product.md#the-financed-phone's automatic
 * transitions and the day the date alone may next change them (next_ageing_on).
 */
export function derivedColumns(loan: LoanRecord, evaluation: LoanEvaluation, policy: LoanPolicy) {
  const remaining = evaluation.remainingBalanceCents;
  return {
    paidAmount: formatCents(evaluation.paidAmountCents),
    penalty: formatCents(evaluation.penaltyCents),
    // Negative only if approvals overshot (refused at approval); the column cannot hold it.
    remainingBalance: formatCents(remaining < 0n ? 0n : remaining),
    arrears: formatCents(evaluation.arrearsCents),
    amountDue: formatCents(evaluation.amountDueCents),
    status: evaluation.status,
    dueDate: evaluation.dueDate,
    completedDate: evaluation.completedDate,
    defaultDate: evaluation.defaultDate,
    expectedCompletionDate: evaluation.expectedCompletionDate,
    paidThroughDate: evaluation.paidThroughDate,
    lockDate: evaluation.lockDate,
    deviceStatus: deviceStatusFor(loan.deviceStatus, evaluation),
    nextAgeingOn: nextAgeingDate(evaluation, {
      lateFeePercent: loan.lateFeePercent,
      defaultThresholdDays: policy.defaultThresholdDays,
    }),
  };
}

export type DerivedColumns = ReturnType<typeof derivedColumns>;

/** Derived columns added after loans were stored (migrations 0026, 0037): see diffDerived. */
const FILLED_LATER: ReadonlySet<string> = new Set(['paidThroughDate', 'lockDate', 'amountDue']);

/** The figures of `next` that differ from the stored row's, before and after (money compared in cents). */
export function diffDerived(loan: LoanRecord, next: DerivedColumns) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'nextAgeingOn') continue; // bookkeeping, not a figure: written, not audited
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
  // A change of these alone is their first fill (rows stored before migration 0026 or 0037, which the
  // ageing pass backfills): written, not audited. Otherwise they move only with a figure above and
  // are audited with it.
  const changed = Object.keys(after).some((key) => !FILLED_LATER.has(key));
  return {
    before: before as Partial<DerivedColumns>,
    after: after as Partial<DerivedColumns>,
    changed,
    /** Something to store: a figure, or only the next ageing day. */
    write: Object.keys(after).length > 0 || loan.nextAgeingOn !== next.nextAgeingOn,
  };
}

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
 * (status, due date, arrears, balance, default and completion dates, device status, next ageing
 * day, the latest promise's paid sum).
 * Call it inside the transaction of every write that changes what the engine sees
 * (repayment approval, disbursement, repossession). Locks the loan's row, so that the ageing pass
 * (which locks its batch with SKIP LOCKED) never stores figures read before this write. Writes no
 * audit entry: the caller records its own change, and `before`/`after` say what moved.
 */
/**
 * A write's context for what a recomputation sets off (issue 35): the device command a change of
 * the device status calls for and the "loan cleared" message, queued in the same transaction.
 */
export interface RecomputeEffects {
  now: Date;
  timeZone: string;
  actorId: number | null;
}

export async function recomputeLoan(
  tx: Executor,
  loanId: number,
  today: string,
  policy: LoanPolicy,
  effects?: RecomputeEffects,
): Promise<Recomputed> {
  const loan = await findLoan(tx, loanId, { forUpdate: true });
  if (!loan) throw new Error(`Loan ${loanId} not found`);
  const evaluation = await evaluateStoredLoan(tx, loan, today, policy);
  const next = derivedColumns(loan, evaluation, policy);
  const { before, after, changed, write } = diffDerived(loan, next);
  // The latest promise's paid sum moves with the approved repayments too (promises.ts).
  const promise = await promisePaidUpdate(tx, loan);
  const updated =
    write || promise ? ((await updateLoanIf(tx, loanId, undefined, { ...next, ...promise })) ?? loan) : loan;
  if (effects) {
    const lockState = await followDeviceStatus(tx, loan, updated.deviceStatus, effects.now, effects.actorId);
    if (updated.status === 'paid' && loan.status !== 'paid') {
      await queueLoanMessage(tx, { loanId, kind: 'cleared', now: effects.now, timeZone: effects.timeZone });
    }
    if (lockState)
      return { loan: { ...updated, deviceLockState: lockState }, evaluation, before, after, changed };
  }
  return { loan: updated, evaluation, before, after, changed };
}

/** A stored row whose figures the date may have moved since it was written (its ageing day has come). */
export const mayBeStale = (loan: LoanRecord, today: string): boolean =>
  loan.disbursementDate !== null &&
  loan.status !== 'paid' &&
  loan.nextAgeingOn !== null &&
  loan.nextAgeingOn <= today;

/**
 * The rows as of `today`, for reads between ageing passes: a row whose ageing day has come (the
 * pass has not reached it yet, e.g. just after midnight) is evaluated now from its installments
 * and repayments, loaded for all such rows of the page at once; the others are returned as
 * stored. Nothing is written. After the day's pass no row qualifies and this costs no query.
 */
export async function loansAsOfToday(
  ex: Executor,
  rows: LoanRecord[],
  today: string,
  policy: LoanPolicy,
): Promise<LoanRecord[]> {
  const stale = rows.filter((loan) => mayBeStale(loan, today));
  if (stale.length === 0) return rows;
  const inputs = await loadEngineInputs(
    ex,
    stale.map((loan) => loan.id),
  );
  return rows.map((loan) => {
    const input = mayBeStale(loan, today) ? inputs.get(loan.id) : undefined;
    if (!input) return loan;
    return { ...loan, ...derivedColumns(loan, evaluateWith(loan, input, today, policy), policy) };
  });
}
