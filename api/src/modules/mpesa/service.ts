/**
 * M-Pesa paybill payments (issue 13): Daraja's C2B validation and confirmation, and the suspense
 * queue where an admin decides what the server could not. A payment M-Pesa confirmed goes on the
 * loan its account number names at once, as a paid repayment (M-Pesa is the approver), through
 * the same rules as an admin's approval: the loan's row locked, the amount within what it owes,
 * the loan recomputed (late fee first, status, device state), audited, in one transaction.
 */
import { queueReceipt } from '../messages/service';
import type { C2bCallback, C2bResult } from '@lender/shared/contract/mpesa-c2b';
import { C2B_RESULTS } from '@lender/shared/contract/mpesa-c2b';
import { dateRangeError, type MessageResponse } from '@lender/shared/contract/common';
import {
  SUSPENSE_TEXTS,
  type AssignSuspenseResponse,
  type SuspenseLoanOptions,
  type SuspensePage,
  type SuspenseReason,
  type SuspenseSummary,
} from '@lender/shared/contract/suspense';
import { formatKsh } from '@lender/shared/domain/money';
import { loanIdOfAccountNumber, encodeAccountNumber } from '@lender/shared/domain/account-number';
import { isValidNationalId, normaliseKenyanPhone } from '@lender/shared/contract/validators';
import type { Executor, Transaction } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { formatCents, toCents, toMoneyNumber, type Cents } from '@lender/shared/domain/cents';
import { payerNameOf, readTransTime, splitPayment } from '../../domain/mpesa';
import type { Caller } from '../../plugins/auth';
import { evaluateStoredLoan } from '../loans/engine-input';
import { findLoan, insertRepayment, type LoanRecord } from '../loans/service';
import { recomputeLoan } from '../loans/engine-input';
import { toLoanRows } from '../loans/loan-rows';
import { type LoansContext } from '../loans/context';
import { insertMpesaCode, lockMpesaCode } from '../mpesa-codes/service';
import { pageMeta, pageRequest } from '../pagination';
import {
  approveRepaymentFromMpesa,
  findMpesaPayment,
  findOpenLoans,
  findRepaymentsByCode,
  hasPaybillRepaymentOnLoan,
  insertMpesaPayment,
  listMpesaPayments,
  suspenseTotals,
  updateMpesaPayment,
  type LoanSearch,
  type MpesaPaymentListFilter,
  type MpesaPaymentRecord,
} from './repository';

/** MPESA_*: how the callbacks are trusted and how validation answers (config.ts). */
export interface MpesaSettings {
  /** Accept every account number at validation (what names no loan goes to suspense). */
  acceptAll: boolean;
}

export type MpesaContext = LoansContext & { mpesa: MpesaSettings };

/** A loan a payment can go on: disbursed and owing something (the stored figures). */
const isOpen = (loan: LoanRecord): boolean =>
  loan.disbursementDate !== null && toCents(loan.remainingBalance) > 0n;

/**
 * Validation: M-Pesa asks before taking the money. An account number that names no open loan is
 * refused with Daraja's C2B00012 (the customer sees the payment fail and can retype), unless
 * MPESA_ACCEPT_ALL lets everything through to the suspense queue.
 */
export async function validatePayment(ctx: MpesaContext, callback: C2bCallback): Promise<C2bResult> {
  if (ctx.mpesa.acceptAll) return C2B_RESULTS.accepted;
  const loanId = loanIdOfAccountNumber(callback.BillRefNumber);
  const loan = loanId === null ? undefined : await findLoan(ctx.db, loanId);
  return loan && isOpen(loan) ? C2B_RESULTS.accepted : C2B_RESULTS.invalidAccount;
}

interface PlacedOutcome {
  kind: 'applied' | 'suspense';
  paymentId: number;
  repaymentId: number | null;
}
export type ConfirmationOutcome = { kind: 'duplicate' } | PlacedOutcome;

/**
 * Confirmation: M-Pesa took the money. Recorded once per TransID (a resend, even a concurrent one,
 * changes nothing); then, in the same transaction, put on a loan or left in suspense:
 * - the code was already typed in by staff: their pending repayment is approved with M-Pesa's
 *   amount (a difference is written to the loan's history); one already approved stays as it is;
 * - the account number names an open loan: a paid repayment of up to what it owes;
 * - otherwise (no such loan, not disbursed, closed) or for what exceeds the balance: suspense.
 */
export async function confirmPayment(ctx: MpesaContext, callback: C2bCallback): Promise<ConfirmationOutcome> {
  const trans = readTransTime(callback.TransTime, ctx.timeZone);
  if (!trans)
    throw ValidationError.field('TransTime', 'TransTime must be a real date and time (yyyyMMddHHmmss)');
  const amount = toCents(callback.TransAmount);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const today = ctx.today();
    // A payment dated after today (a clock ahead of ours) counts from today.
    const paidDate = trans.date < today ? trans.date : today;
    const payment = await insertMpesaPayment(tx, {
      transId: callback.TransID,
      transType: callback.TransactionType,
      transTime: trans.instant,
      paidDate,
      amount: formatCents(amount),
      unapplied: formatCents(amount),
      billRef: callback.BillRefNumber,
      shortCode: callback.BusinessShortCode,
      msisdn: callback.MSISDN,
      payerName: payerNameOf(callback),
      payload: callback,
      status: 'suspense',
      reason: 'unknown_account',
      receivedAt: now,
    });
    if (!payment) return { kind: 'duplicate' };
    const step: PaymentStep = { ctx, tx, payment, amount, today, now };

    // The loan the account number names is locked before the code is claimed: staff recording a
    // repayment take the loan, then the code (loans/service.ts recordRepayment), and the same
    // order here means the two wait for each other instead of deadlocking.
    const named = loanIdOfAccountNumber(payment.billRef);
    const loan = named === null ? undefined : await findLoan(tx, named, { forUpdate: true });
    const claimed = await insertMpesaCode(tx, {
      code: payment.transId,
      usedFor: 'repayment',
      recordedBy: null,
      recordedAt: now,
    });
    if (!claimed) return takeOverRecordedCode(step, loan);
    return placeOnNamedLoan(step, loan);
  });
}

interface PaymentStep {
  ctx: MpesaContext;
  tx: Executor;
  payment: MpesaPaymentRecord;
  /** What is still to be placed. */
  amount: Cents;
  today: string;
  now: Date;
}

/**
 * A payment nobody recorded before: on the loan its account number names (`loan`, locked by the
 * caller; applyToLoan leaves what it cannot take in suspense), else all of it in suspense.
 */
async function placeOnNamedLoan(step: PaymentStep, loan: LoanRecord | undefined): Promise<PlacedOutcome> {
  if (!loan) return leaveInSuspense(step, 'unknown_account', null);
  return applyToLoan(step, loan, step.amount, null);
}

async function leaveInSuspense(
  step: PaymentStep,
  reason: SuspenseReason,
  loanId: number | null,
): Promise<PlacedOutcome> {
  const { ctx, tx, payment, amount } = step;
  await updateMpesaPayment(tx, payment.id, {
    status: 'suspense',
    reason,
    loanId,
    unapplied: formatCents(amount),
  });
  await ctx.audit.record(tx, {
    actorId: null,
    action: 'mpesa.suspense',
    entity: 'mpesa_payment',
    entityId: payment.id,
    loanId,
    after: { trans_id: payment.transId, amount: payment.amount, unapplied: formatCents(amount), reason },
  });
  return { kind: 'suspense', paymentId: payment.id, repaymentId: null };
}

/**
 * Puts up to what the loan owes on it as a paid repayment and the rest in suspense. `assignedBy`
 * is the admin who chose the loan from the suspense queue, null when the account number did.
 */
async function applyToLoan(
  step: PaymentStep,
  loan: LoanRecord,
  amount: Cents,
  assignedBy: number | null,
): Promise<PlacedOutcome & { applied: Cents; remainder: Cents }> {
  const { ctx, tx, payment, today, now } = step;
  const evaluation = await evaluateStoredLoan(tx, loan, today, ctx.policy);
  if (evaluation.status === 'pending_disbursement' || evaluation.remainingBalanceCents <= 0n) {
    if (assignedBy !== null) throw new ConflictError(SUSPENSE_TEXTS.loanNotOpen(loan.id));
    const reason = evaluation.status === 'pending_disbursement' ? 'not_disbursed' : 'loan_closed';
    return {
      ...(await leaveInSuspense({ ...step, amount }, reason, loan.id)),
      applied: 0n,
      remainder: amount,
    };
  }
  const { applied, remainder } = splitPayment(amount, evaluation.remainingBalanceCents);
  const repayment = await insertRepayment(tx, {
    loanId: loan.id,
    customerId: loan.customerId,
    amount: formatCents(applied),
    mpesaCode: payment.transId,
    method: 'mpesa',
    status: 'paid',
    source: 'mpesa',
    paidDate: payment.paidDate,
    dueDate: evaluation.dueDate,
    createdBy: null,
    createdAt: now,
    approvedBy: null,
    approvedAt: now,
    mpesaPaymentId: payment.id,
  });
  const recomputed = await recomputeLoan(tx, loan.id, today, ctx.policy, {
    now,
    timeZone: ctx.timeZone,
    actorId: assignedBy,
  });
  await queueReceipt(tx, loan.id, repayment.amount, now, ctx.timeZone);
  await ctx.audit.record(tx, {
    actorId: assignedBy,
    action: assignedBy === null ? 'mpesa.payment_applied' : 'mpesa.suspense_assigned',
    entity: 'repayment',
    entityId: repayment.id,
    loanId: loan.id,
    before: { loan: recomputed.before, unapplied: formatCents(amount) },
    after: {
      trans_id: payment.transId,
      amount: repayment.amount,
      paid_date: repayment.paidDate,
      remainder: formatCents(remainder),
      loan: recomputed.after,
    },
  });
  const fullyPlaced = remainder === 0n;
  await updateMpesaPayment(tx, payment.id, {
    status: fullyPlaced ? 'applied' : 'suspense',
    reason: fullyPlaced ? null : 'over_balance',
    loanId: loan.id,
    unapplied: formatCents(remainder),
  });
  return {
    kind: fullyPlaced ? 'applied' : 'suspense',
    paymentId: payment.id,
    repaymentId: repayment.id,
    applied,
    remainder,
  };
}

/**
 * The TransID was already in the code registry: staff typed it in before M-Pesa's confirmation
 * arrived. Every shilling M-Pesa reports still ends on a loan or in suspense:
 * - their pending repayment is the one approved, with the amount M-Pesa reports (up to what the
 *   loan owes; the rest to suspense), a difference from what was typed written to the loan's
 *   history;
 * - a repayment already approved keeps what it credited; what M-Pesa reports beyond it waits in
 *   suspense (a shortfall is written to the loan's history for staff to look into);
 * - a code used for a deposit or a disbursement credits no loan: the whole amount waits in suspense;
 * - a code whose only repayments were rejected credited nothing: the payment is placed as if
 *   nobody had typed it (placeOnNamedLoan).
 */
async function takeOverRecordedCode(
  step: PaymentStep,
  namedLoan: LoanRecord | undefined,
): Promise<ConfirmationOutcome> {
  const { ctx, tx, payment, amount, today, now } = step;
  // Locked before its repayments are read: staff recording the code again (mpesa-codes
  // claimMpesaCode, after the loan, as here) waits, or is seen.
  const usedFor = await lockMpesaCode(tx, payment.transId);
  const all = await findRepaymentsByCode(tx, payment.transId);
  const recorded = all.filter((r) => r.status !== 'rejected');
  if (usedFor === 'repayment' && all.length > 0 && recorded.length === 0)
    return placeOnNamedLoan(step, namedLoan);
  const pending = recorded.find((r) => r.status === 'pending');
  if (!pending) {
    const approved = recorded.filter((r) => r.status === 'paid');
    const first = approved[0];
    if (!first) {
      await updateMpesaPayment(tx, payment.id, {
        resolutionNote: 'The code was already recorded by staff for a deposit or a disbursement',
      });
      return leaveInSuspense(step, 'code_used_elsewhere', namedLoan?.id ?? null);
    }
    const credited = approved.reduce((sum, r) => sum + toCents(r.amount), 0n);
    const beyond = amount > credited ? amount - credited : 0n;
    const note = `Already recorded by staff as repayment ${first.id} on loan ${first.loanId}`;
    if (amount !== credited) {
      await ctx.audit.record(tx, {
        actorId: null,
        action: 'mpesa.amount_differs',
        entity: 'repayment',
        entityId: first.id,
        loanId: first.loanId,
        before: { amount: formatCents(credited) },
        after: {
          amount: payment.amount,
          trans_id: payment.transId,
          ...(beyond > 0n
            ? { to_suspense: formatCents(beyond) }
            : { credited_beyond_mpesa: formatCents(credited - amount) }),
        },
      });
    }
    if (beyond > 0n) {
      await updateMpesaPayment(tx, payment.id, { resolutionNote: note });
      return leaveInSuspense({ ...step, amount: beyond }, 'over_recorded', first.loanId);
    }
    await updateMpesaPayment(tx, payment.id, {
      status: 'applied',
      reason: null,
      loanId: first.loanId,
      unapplied: '0',
      resolutionNote: note,
      resolvedAt: now,
    });
    return { kind: 'applied', paymentId: payment.id, repaymentId: first.id };
  }
  const loan = await findLoan(tx, pending.loanId, { forUpdate: true });
  if (!loan) throw new Error(`Loan ${pending.loanId} of repayment ${pending.id} not found`);
  const evaluation = await evaluateStoredLoan(tx, loan, today, ctx.policy);
  const { applied, remainder } = splitPayment(amount, evaluation.remainingBalanceCents);
  if (applied === 0n) return leaveInSuspense(step, 'loan_closed', loan.id);
  const approved = await approveRepaymentFromMpesa(tx, pending.id, {
    amount: formatCents(applied),
    approvedAt: now,
    mpesaPaymentId: payment.id,
  });
  if (!approved) throw new ConflictError('This repayment has already been approved');
  const recomputed = await recomputeLoan(tx, loan.id, today, ctx.policy, {
    now,
    timeZone: ctx.timeZone,
    actorId: null,
  });
  await queueReceipt(tx, loan.id, approved.amount, now, ctx.timeZone);
  await ctx.audit.record(tx, {
    actorId: null,
    action: 'repayment.approved',
    entity: 'repayment',
    entityId: pending.id,
    loanId: loan.id,
    before: { status: pending.status, amount: pending.amount, loan: recomputed.before },
    after: {
      status: approved.status,
      amount: approved.amount,
      mpesa_code: approved.mpesaCode,
      approved_at: now.toISOString(),
      loan: recomputed.after,
    },
  });
  if (toCents(pending.amount) !== amount) {
    await ctx.audit.record(tx, {
      actorId: null,
      action: 'mpesa.amount_differs',
      entity: 'repayment',
      entityId: pending.id,
      loanId: loan.id,
      before: { amount: pending.amount },
      after: { amount: payment.amount, applied: approved.amount, trans_id: payment.transId },
    });
  }
  await updateMpesaPayment(tx, payment.id, {
    status: remainder > 0n ? 'suspense' : 'applied',
    reason: remainder > 0n ? 'over_balance' : null,
    loanId: loan.id,
    unapplied: formatCents(remainder),
  });
  return { kind: remainder > 0n ? 'suspense' : 'applied', paymentId: payment.id, repaymentId: pending.id };
}

// The suspense queue -------------------------------------------------------------------------------

const notWaiting = () => new ConflictError(SUSPENSE_TEXTS.notWaiting);
const paymentNotFound = (id: number) => new NotFoundError(`M-Pesa payment ${id} not found`);

/**
 * Resolves a payment waiting in suspense, in one transaction: the payment locked and still waiting
 * (404 / 409 otherwise), the clock read once for all of it.
 */
function resolveWaitingPayment<T>(
  ctx: MpesaContext,
  id: number,
  resolve: (tx: Transaction, payment: MpesaPaymentRecord, at: { now: Date; today: string }) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const at = { now: ctx.clock.now(), today: ctx.today() };
    const payment = await findMpesaPayment(tx, id, { forUpdate: true });
    if (!payment) throw paymentNotFound(id);
    if (payment.status !== 'suspense' || toCents(payment.unapplied) <= 0n) throw notWaiting();
    return resolve(tx, payment, at);
  });
}

const appendNote = (note: string | null, line: string) => (note ? `${note}; ${line}` : line);

/**
 * An admin puts what waits on a loan they chose: applied like a matched payment, up to what the
 * loan owes; what exceeds it stays in suspense as the remainder. Audited with the admin.
 */
export async function assignSuspensePayment(
  ctx: MpesaContext,
  caller: Caller,
  id: number,
  loanId: number,
): Promise<AssignSuspenseResponse> {
  return resolveWaitingPayment(ctx, id, async (tx, payment, { now, today }) => {
    const loan = await findLoan(tx, loanId, { forUpdate: true });
    if (!loan) throw new NotFoundError(`Loan ${loanId} not found`);
    // A staff repayment of the code on this loan does not stop it: what M-Pesa confirmed beyond it
    // (over_recorded) is the same customer's money, most often for this very loan.
    if (await hasPaybillRepaymentOnLoan(tx, payment.transId, loan.id))
      throw new ConflictError(SUSPENSE_TEXTS.alreadyOnLoan(loan.id));
    const unapplied = toCents(payment.unapplied);
    const placed = await applyToLoan(
      { ctx, tx, payment, amount: unapplied, today, now },
      loan,
      unapplied,
      caller.id,
    );
    const line = `${formatKsh(formatCents(placed.applied))} to loan ${loan.id}`;
    await updateMpesaPayment(tx, payment.id, {
      resolvedBy: caller.id,
      resolvedAt: now,
      resolutionNote: appendNote(payment.resolutionNote, line),
    });
    if (placed.repaymentId === null) throw new Error('An assignment to an open loan recorded no repayment');
    return {
      message: SUSPENSE_TEXTS.assigned(formatKsh(formatCents(placed.applied)), loan.id),
      repayment_id: placed.repaymentId,
      applied: toMoneyNumber(placed.applied),
      remaining: toMoneyNumber(placed.remainder),
    };
  });
}

/** What waits was sent back to the payer: refunded, with the admin's note. Audited. */
export async function refundSuspensePayment(
  ctx: MpesaContext,
  caller: Caller,
  id: number,
  note: string,
): Promise<MessageResponse> {
  await resolveWaitingPayment(ctx, id, async (tx, payment, { now }) => {
    const refunded = await updateMpesaPayment(tx, payment.id, {
      status: 'refunded',
      resolvedBy: caller.id,
      resolvedAt: now,
      resolutionNote: appendNote(
        payment.resolutionNote,
        `Refunded ${formatKsh(formatCents(toCents(payment.unapplied)))}: ${note}`,
      ),
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'mpesa.suspense_refunded',
      entity: 'mpesa_payment',
      entityId: payment.id,
      loanId: payment.loanId,
      before: { status: payment.status, unapplied: payment.unapplied },
      after: { status: refunded.status, unapplied: refunded.unapplied, note },
    });
  });
  return { message: SUSPENSE_TEXTS.refunded };
}

type ListedPayment = Awaited<ReturnType<typeof listMpesaPayments>>['rows'][number];

/**
 * How an applied payment got onto its loan(s): matched when it came (no admin resolved it), or
 * assigned by an admin from suspense; null while it waits or once refunded.
 */
export function appliedHow(payment: Pick<ListedPayment['payment'], 'status' | 'resolvedBy'>) {
  if (payment.status !== 'applied') return null;
  return payment.resolvedBy === null ? ('matched' as const) : ('assigned' as const);
}

const toSuspensePayment = ({ payment, resolvedByFirstName, resolvedByLastName }: ListedPayment) => ({
  id: payment.id,
  trans_id: payment.transId,
  trans_time: payment.transTime.toISOString(),
  paid_date: payment.paidDate,
  amount: toMoneyNumber(toCents(payment.amount)),
  unapplied: toMoneyNumber(toCents(payment.unapplied)),
  account_typed: payment.billRef,
  payer_name: payment.payerName,
  msisdn: payment.msisdn,
  reason: payment.reason ?? 'unknown_account',
  status: payment.status,
  loan_id: payment.loanId,
  received_at: payment.receivedAt.toISOString(),
  resolved_by_name:
    resolvedByFirstName === null ? null : `${resolvedByFirstName} ${resolvedByLastName ?? ''}`.trim(),
  resolved_at: payment.resolvedAt?.toISOString() ?? null,
  resolution_note: payment.resolutionNote,
  applied_how: appliedHow(payment),
});

export async function listSuspensePage(
  ctx: MpesaContext,
  query: MpesaPaymentListFilter & { page: number },
): Promise<SuspensePage> {
  const rangeError = dateRangeError(query);
  if (rangeError) throw ValidationError.field('from', rangeError);
  const request = pageRequest(query.page);
  const { page: _page, ...filter } = query;
  const { rows, total } = await listMpesaPayments(ctx.db, filter, request);
  return { data: rows.map(toSuspensePayment), meta: pageMeta(request, total) };
}

export async function getSuspenseSummary(ctx: MpesaContext): Promise<SuspenseSummary> {
  const totals = await suspenseTotals(ctx.db);
  return { waiting: totals.waiting, amount: toMoneyNumber(toCents(totals.amount)) };
}

/** How a typed search names a loan: account number, phone (any form), national ID, else a name. */
export function readLoanSearch(typed: string): LoanSearch {
  const words = typed.trim().replace(/\s+/g, ' ');
  const loanId = loanIdOfAccountNumber(words);
  if (loanId !== null) return { by: 'loan', loanId, words };
  const phone = normaliseKenyanPhone(words);
  if (phone) return { by: 'phone', phone };
  if (isValidNationalId(words)) return { by: 'nationalId', nationalId: words };
  return { by: 'name', words };
}

/** Open loans an admin may put a payment on, with what each owes today. */
export async function searchLoansForPayment(ctx: MpesaContext, typed: string): Promise<SuspenseLoanOptions> {
  const rows = await findOpenLoans(ctx.db, readLoanSearch(typed));
  const loanRows = await toLoanRows(ctx, rows);
  return {
    data: loanRows.map((row, index) => ({
      loan_id: row.id,
      account_number: encodeAccountNumber(row.id),
      customer_name: row.customer_name,
      phone: row.phone,
      national_id: row.national_id,
      model: rows[index]?.loan.model ?? '',
      status: row.status,
      balance: row.remaining_balance,
      arrears: row.arrears,
    })),
  };
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { mpesaPaymentBatches, type ListedMpesaPayment, type MpesaPaymentListFilter } from './repository';
