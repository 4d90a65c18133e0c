import { and, eq } from 'drizzle-orm';
import {
  LOAN_EDIT_TEXTS,
  type DeviceActionResponse,
  type LoanDetail,
  type UpdateLoanRequest,
} from '@lender/shared/contract/loans';
import type { LoanPaymentRequest, LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { loans } from '../../db/schema';
import { inBook } from '../../domain/book-scope';
import { ConflictError, ValidationError } from '../../domain/errors';
import {
  buildSchedule,
  deviceStatusFor,
  nextDeviceStatus,
  toLoanFigures,
  validateRepaymentAmount,
} from '../../domain/loan-engine';
import { formatCents, toCents } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { claimMpesaCode } from '../mpesa-codes/service';
import { lockForRepossession, queueDeviceCommand } from '../device-lock/service';
import type { Transaction } from '../../db/client';
import { loanInScope, notFound, type LoansContext } from './context';
import { loanRecords } from './loan-records';
import { evaluateStoredLoan, evaluateWith, recomputeLoan, termsOf } from './engine-input';
import { money, toLoanRow } from './loan-rows';
import {
  findLoanDetail,
  hasAnyRepayment,
  hasPendingRepayment,
  insertInstallments,
  insertRepayment,
  listLoanRepayments,
  updateLoanIf,
  type LoanRecord,
} from './repository';

/** What a change to a loan is given besides the loan: the clock read once, and its audit entry. */
interface LoanChange {
  now: Date;
  today: string;
  /** Records the change, by the caller, on the loan, in the change's transaction. */
  audit(action: string, change: { before?: unknown; after: unknown }): Promise<void>;
}

/**
 * Runs a change to the caller's loan (404 outside their book) in one transaction, with the loan's
 * row locked first so that concurrent changes take turns.
 */
async function changeLoan<T>(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  change: (tx: Transaction, loan: LoanRecord, step: LoanChange) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const step: LoanChange = {
      now: ctx.clock.now(),
      today: ctx.today(),
      audit: (action, { before, after }) =>
        ctx.audit.record(tx, {
          actorId: caller.id,
          action,
          entity: 'loan',
          entityId: id,
          loanId: id,
          before,
          after,
        }),
    };
    return change(tx, await loanInScope(ctx, caller, id, tx, true), step);
  });
}

// Disbursement -----------------------------------------------------------------------------------

/**
 * Disburses an approved loan (docs/product.md#loans-and-the-schedule to #the-financed-phone): only from pending_disbursement, with an unused
 * M-Pesa code; sets the disbursement date, the device to active, creates the schedule from the
 * disbursement's business date and stores the engine's figures, with the audit entry, in one
 * transaction. The row lock and the guarded update make a concurrent second disbursement a 409.
 */
export async function disburseLoan(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  mpesaCode: string,
): Promise<void> {
  await changeLoan(ctx, caller, id, async (tx, loan, { now, today, audit }) => {
    if (loan.status !== 'pending_disbursement') {
      throw new ConflictError(`Loan ${id} is not pending disbursement (status: ${loan.status})`);
    }
    const device = nextDeviceStatus(loan.deviceStatus, 'disbursed');
    if (!device.ok) throw new ConflictError(device.message);
    await claimMpesaCode(tx, mpesaCode, 'disbursement', caller.id, now);
    const schedule = buildSchedule({ ...termsOf(loan), disbursementDate: today });
    const disbursed = await updateLoanIf(tx, id, eq(loans.status, 'pending_disbursement'), {
      disbursementMpesaCode: mpesaCode,
      disbursedBy: caller.id,
      disbursementDate: now,
      deviceStatus: device.status,
      expectedCompletionDate: schedule.expectedCompletionDate,
      updatedAt: now,
    });
    if (!disbursed) throw new ConflictError(`Loan ${id} is not pending disbursement`);
    await insertInstallments(
      tx,
      schedule.installments.map((i) => ({
        loanId: id,
        number: i.number,
        dueDate: i.dueDate,
        amount: formatCents(i.amountCents),
      })),
    );
    const { loan: after } = await recomputeLoan(tx, id, today, ctx.policy, {
      now,
      timeZone: ctx.timeZone,
      actorId: caller.id,
    });
    await audit('loan.disbursed', {
      before: { status: loan.status, device_status: loan.deviceStatus },
      after: {
        status: after.status,
        device_status: after.deviceStatus,
        mpesa_code: mpesaCode,
        disbursement_date: today,
        due_date: after.dueDate,
        expected_completion_date: after.expectedCompletionDate,
        installments: schedule.installments.length,
      },
    });
  });
}

// Detail -----------------------------------------------------------------------------------------

/** The loan's detail, its figures computed by the engine as of today (docs/product.md#loans-and-the-schedule). */
export async function getLoanDetail(ctx: LoansContext, caller: Caller, id: number): Promise<LoanDetail> {
  const row = await findLoanDetail(ctx.db, id);
  if (!row || !inBook(caller, row.loan.officerId)) throw notFound(id);
  const today = ctx.today();
  const evaluation = evaluateWith(
    row.loan,
    { installments: row.installments, approved: row.approvedRepayments },
    today,
    ctx.policy,
  );
  const figures = toLoanFigures(evaluation);
  const { loan } = row;
  return {
    ...toLoanRow(row, today, ctx.dateOf, ctx.policy, toCents(row.pendingAmount) > 0n),
    ...figures,
    pending_amount: money(row.pendingAmount),
    // as of today too: the stored one may predate today's ageing
    device_status: deviceStatusFor(loan.deviceStatus, evaluation),
    applied_amount: money(loan.appliedAmount),
    mpesa_code: loan.disbursementMpesaCode,
    interest_rate: Number(loan.interestRate),
    duration_days: loan.durationDays,
  };
}

export const getLoanRepayments = loanRecords(listLoanRepayments, (r): LoanRepaymentRow => ({
  id: r.id,
  payment_date: r.paidDate,
  amount_paid: money(r.amount),
  method: r.method,
  transaction_code: r.mpesaCode,
  status: r.status,
  source: r.source,
  rejection_reason: r.rejectionReason,
}));

// Repayment recording ----------------------------------------------------------------------------

/**
 * Records a repayment as pending (docs/product.md#repayment-rules): the loan in the caller's scope, disbursed and
 * not paid (409), 0 < amount ≤ remaining balance (400 naming the balance), an unused M-Pesa code
 * (409). paid_date is today's business date and due_date the loan's due date as of today.
 */
export async function recordLoanPayment(
  ctx: LoansContext,
  caller: Caller,
  input: LoanPaymentRequest,
): Promise<{ id: number }> {
  return changeLoan(ctx, caller, input.loanId, async (tx, loan, { now, today }) => {
    const evaluation = await evaluateStoredLoan(tx, loan, today, ctx.policy);
    const amountCents = toCents(input.amount);
    const check = validateRepaymentAmount(evaluation, amountCents);
    if (!check.ok) {
      if (check.code === 'LOAN_NOT_DISBURSED' || check.code === 'LOAN_PAID')
        throw new ConflictError(check.message);
      throw ValidationError.field(check.field, check.message);
    }
    await claimMpesaCode(tx, input.mpesaCode, 'repayment', caller.id, now);
    const created = await insertRepayment(tx, {
      loanId: loan.id,
      customerId: loan.customerId,
      amount: formatCents(amountCents),
      mpesaCode: input.mpesaCode,
      method: input.method,
      status: 'pending',
      paidDate: today,
      dueDate: evaluation.dueDate,
      createdBy: caller.id,
      createdAt: now,
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'repayment.recorded',
      entity: 'repayment',
      entityId: created.id,
      loanId: loan.id,
      after: {
        amount: created.amount,
        mpesa_code: created.mpesaCode,
        method: created.method,
        status: created.status,
        paid_date: created.paidDate,
        due_date: created.dueDate,
      },
    });
    return { id: created.id };
  });
}

// Device actions ---------------------------------------------------------------------------------

/**
 * Locks the phone (docs/product.md#the-financed-phone): only from waiting, never while a repayment awaits approval
 * (409 either way). The update is guarded by device_status = 'waiting', so of concurrent locks one wins.
 */
export function lockLoan(ctx: LoansContext, caller: Caller, id: number): Promise<DeviceActionResponse> {
  return changeLoan(ctx, caller, id, async (tx, loan, { now, audit }) => {
    const transition = nextDeviceStatus(loan.deviceStatus, 'lock', {
      repaymentAwaitingApproval: await hasPendingRepayment(tx, id),
    });
    if (!transition.ok) {
      throw new ConflictError(
        transition.code === 'LOCK_REPAYMENT_PENDING'
          ? 'A repayment for this loan is awaiting approval'
          : transition.message,
      );
    }
    const locked = await updateLoanIf(tx, id, eq(loans.deviceStatus, 'waiting'), {
      deviceStatus: transition.status,
      lockedAt: now,
      updatedAt: now,
    });
    if (!locked) throw new ConflictError('Only a phone waiting for lock can be locked');
    // The phone itself is locked by the provider: the command goes out with this change or not at all.
    const lockState = await queueDeviceCommand(tx, locked, {
      action: 'lock',
      reason: 'officer_lock',
      now,
      actorId: caller.id,
    });
    await audit('loan.locked', {
      before: { device_status: loan.deviceStatus, device_lock_state: loan.deviceLockState },
      after: { device_status: transition.status, device_lock_state: lockState },
    });
    return {
      message: 'Phone locked successfully',
      device_status: transition.status,
      device_lock_state: lockState,
    };
  });
}

// Edit Loan ---------------------------------------------------------------------------------------

/**
 * Edits what may be corrected on a loan (Edit Loan): the phone model and the purpose, and the IMEI
 * only while no repayment is recorded (payments and statements name the device). A cleared or
 * repossessed loan is closed (409). Only changed fields are written, with an audit entry in the
 * same transaction.
 */
export async function updateLoan(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  input: UpdateLoanRequest,
): Promise<{ message: string }> {
  return changeLoan(ctx, caller, id, async (tx, loan, { now, audit }) => {
    if (loan.status === 'paid' || loan.status === 'repossessed') {
      throw new ConflictError(LOAN_EDIT_TEXTS.closed);
    }
    const changes = {
      ...(input.model !== undefined && input.model !== loan.model ? { model: input.model } : {}),
      ...(input.imei !== undefined && input.imei !== loan.imei ? { imei: input.imei } : {}),
      ...(input.purpose !== undefined && input.purpose !== loan.purpose ? { purpose: input.purpose } : {}),
    };
    if (changes.imei !== undefined && (await hasAnyRepayment(tx, id))) {
      throw new ConflictError(LOAN_EDIT_TEXTS.imeiAfterPayment);
    }
    const changed = Object.keys(changes) as (keyof typeof changes)[];
    if (changed.length === 0) return { message: LOAN_EDIT_TEXTS.updated };
    await updateLoanIf(tx, id, undefined, { ...changes, updatedAt: now });
    const before = Object.fromEntries(changed.map((key) => [key, loan[key]]));
    await audit('loan.updated', {
      before,
      after: changes,
    });
    return { message: LOAN_EDIT_TEXTS.updated };
  });
}

/**
 * Repossesses the phone (docs/product.md#the-financed-phone): refused (409) once the loan is paid or before it is
 * disbursed; sets the device and the loan status to repossessed and stamps repossessed_at.
 */
export async function repossessLoan(
  ctx: LoansContext,
  caller: Caller,
  id: number,
): Promise<DeviceActionResponse> {
  return changeLoan(ctx, caller, id, async (tx, loan, { now, today, audit }) => {
    if (loan.status === 'paid') throw new ConflictError('The phone of a paid loan cannot be repossessed');
    const transition = nextDeviceStatus(loan.deviceStatus, 'repossess');
    if (!transition.ok) throw new ConflictError(transition.message);
    if (!transition.changed) throw new ConflictError(`The phone of loan ${id} is already repossessed`);
    const updated = await updateLoanIf(
      tx,
      id,
      and(eq(loans.deviceStatus, loan.deviceStatus ?? 'active'), eq(loans.status, loan.status)),
      { deviceStatus: transition.status, repossessedAt: now, updatedAt: now },
    );
    if (!updated) throw new ConflictError(`Loan ${id} changed meanwhile; try again`);
    const { loan: after } = await recomputeLoan(tx, id, today, ctx.policy);
    // The balance as of today's evaluation, kept: what the phone's resale has to recover.
    await updateLoanIf(tx, id, undefined, { repossessedBalance: after.remainingBalance });
    const lockState = await lockForRepossession(tx, after, now, caller.id);
    await audit('loan.repossessed', {
      before: {
        status: loan.status,
        device_status: loan.deviceStatus,
        device_lock_state: loan.deviceLockState,
      },
      after: { status: after.status, device_status: after.deviceStatus, device_lock_state: lockState },
    });
    return {
      message: 'Phone repossessed successfully',
      device_status: transition.status,
      device_lock_state: lockState,
    };
  });
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { findLoan, insertRepayment, listCustomerNotes } from './repository';
export type { LoanRecord, RepaymentRecord } from './repository';
