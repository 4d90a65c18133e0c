import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { MPESA_ACTOR_NAME } from '@lender/shared/contract/repayments';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  LOAN_EDIT_TEXTS,
  type DeviceActionResponse,
  type LoanDetail,
  type LoanHistoryEntry,
  type LoanRow,
  type UpdateLoanRequest,
} from '@lender/shared/contract/loans';
import { PROMISE_MAX_DAYS_AHEAD, type CreateNoteRequest, type Note } from '@lender/shared/contract/notes';
import type { LoanPaymentRequest, LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { loans } from '../../db/schema';
import { bookScope, inBook, type BookScope } from '../../domain/book-scope';
import { businessDate } from '../../domain/clock';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import {
  addDays,
  buildSchedule,
  daysBetween,
  deviceStatusFor,
  nextDeviceStatus,
  statusAsOf,
  toLoanFigures,
  validateRepaymentAmount,
} from '../../domain/loan-engine';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { claimMpesaCode } from '../mpesa-codes/service';
import { serviceContext, type ServiceContext } from '../service-context';
import {
  evaluateStoredLoan,
  evaluateWith,
  loansAsOfToday,
  recomputeLoan,
  termsOf,
  type LoanPolicy,
} from './engine-input';
import {
  findLoan,
  findLoanDetail,
  hasAnyRepayment,
  hasPendingRepayment,
  loansWithPendingRepayment,
  insertInstallments,
  insertNote,
  insertRepayment,
  listLoanHistory,
  listLoanRepayments,
  listApprovedRepaymentsOf,
  listNotes,
  updateLoanIf,
  type LoanRecord,
} from './repository';
import { latestPromiseColumns, loanPromise, promiseStatus } from './promises';

export { recomputeLoan, type LoanPolicy } from './engine-input';

/** The settings (config.ts) every service that reads or recomputes loans is given, the same for all. */
export interface LoansSettings extends LoanPolicy {
  /** LENDER_TZ. */
  timeZone: string;
}

/** What the loan services work with: the usual context, business dates in LENDER_TZ and the policy. */
export interface LoansContext extends ServiceContext {
  timeZone: string;
  /** Passed to every evaluation and recomputation. */
  policy: LoanPolicy;
  /** Today's business date. */
  today(): string;
  /** The business date of an instant. */
  dateOf(instant: Date): string;
}

export const loansContext = (
  app: FastifyInstance,
  { timeZone, defaultThresholdDays }: LoansSettings,
): LoansContext => ({
  ...serviceContext(app),
  timeZone,
  policy: { defaultThresholdDays },
  today: () => businessDate(app.clock.now(), timeZone),
  dateOf: (instant) => businessDate(instant, timeZone),
});

/** Whose loans a caller may see: the loans of the customers in their book. */
export type LoanScope = BookScope;

/** The one scope rule (domain/book-scope.ts), under the name the loan modules import. */
export const loanScope = bookScope;

const notFound = (id: number) => new NotFoundError(`Loan ${id} not found`);

/** A loan the caller may see (else 404, so that ids cannot be probed). */
async function loanInScope(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  ex: Parameters<typeof findLoan>[0] = ctx.db,
  forUpdate = false,
): Promise<LoanRecord> {
  const loan = await findLoan(ex, id, { forUpdate });
  if (!loan || !inBook(caller, loan.officerId)) throw notFound(id);
  return loan;
}

const money = (value: string) => toMoneyNumber(toCents(value));

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
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const today = ctx.today();
    const loan = await loanInScope(ctx, caller, id, tx, true);
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
    const { loan: after } = await recomputeLoan(tx, id, today, ctx.policy);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.disbursed',
      entity: 'loan',
      entityId: id,
      loanId: id,
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

interface LoanRowSource {
  loan: LoanRecord;
  firstName: string;
  lastName: string;
  nationalId: string;
  phone: string;
}

/**
 * The loan row fields from stored columns as of `today`: the day counts from due_date and today,
 * and the status and default date from due_date, paid_amount and the current threshold
 * (statusAsOf: exact whatever day the row was stored, so lists agree with their SQL filters).
 * Without `policy`, the stored status and default date. Callers with rows that may predate
 * today's ageing use toLoanRows, which re-evaluates those.
 */
export function toLoanRow(
  row: LoanRowSource,
  today: string,
  dateOf: (instant: Date) => string,
  policy?: LoanPolicy,
  repaymentPending = false,
): LoanRow {
  const { loan } = row;
  const daysRemaining = loan.dueDate === null ? null : daysBetween(today, loan.dueDate);
  const { status, defaultDate } = !policy
    ? { status: loan.status, defaultDate: loan.defaultDate }
    : statusAsOf(
        {
          status: loan.status,
          dueDate: loan.dueDate,
          paidAmountCents: toCents(loan.paidAmount),
          defaultDate: loan.defaultDate,
        },
        today,
        policy.defaultThresholdDays,
      );
  return {
    id: loan.id,
    account_number: encodeAccountNumber(loan.id),
    customer_id: loan.customerId,
    officer_id: loan.officerId,
    customer_name: `${row.firstName} ${row.lastName}`,
    total_amount: money(loan.totalAmount),
    arrears: money(loan.arrears),
    paid_amount: money(loan.paidAmount),
    remaining_balance: money(loan.remainingBalance),
    status,
    due_date: loan.dueDate,
    days_remaining: daysRemaining,
    device_status: loan.deviceStatus,
    principal: money(loan.principal),
    total_interest: money(loan.totalInterest),
    loan_product: loan.productName,
    purpose: loan.purpose,
    national_id: row.nationalId,
    phone: row.phone,
    default_date: defaultDate,
    days_overdue: daysRemaining !== null && daysRemaining < 0 ? -daysRemaining : 0,
    disbursement_date: loan.disbursementDate ? dateOf(loan.disbursementDate) : null,
    repayment_pending: repaymentPending,
    paid_through_date: loan.paidThroughDate,
    lock_date: loan.lockDate,
    ...loanPromise(loan, today),
  };
}

/**
 * A page of loan rows as of today: rows whose ageing day has come and that the night's pass has
 * not reached yet are evaluated now (loansAsOfToday: two set queries for the page, none once the
 * pass is done), so penalty, balance, arrears and device status are today's too.
 */
export async function toLoanRows(ctx: LoansContext, rows: LoanRowSource[]): Promise<LoanRow[]> {
  const today = ctx.today();
  const fresh = await loansAsOfToday(
    ctx.db,
    rows.map((row) => row.loan),
    today,
    ctx.policy,
  );
  const pending = await loansWithPendingRepayment(
    ctx.db,
    rows.map((row) => row.loan.id),
  );
  return rows.map((row, index) =>
    toLoanRow(
      { ...row, loan: fresh[index] ?? row.loan },
      today,
      ctx.dateOf,
      ctx.policy,
      pending.has(row.loan.id),
    ),
  );
}

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
    ...toLoanRow(row, today, ctx.dateOf, ctx.policy, await hasPendingRepayment(ctx.db, id)),
    ...figures,
    // as of today too: the stored one may predate today's ageing
    device_status: deviceStatusFor(loan.deviceStatus, evaluation),
    applied_amount: money(loan.appliedAmount),
    mpesa_code: loan.disbursementMpesaCode,
    model: loan.model,
    imei_number: loan.imei,
    interest_rate: Number(loan.interestRate),
    duration_days: loan.durationDays,
  };
}

export async function getLoanRepayments(
  ctx: LoansContext,
  caller: Caller,
  id: number,
): Promise<LoanRepaymentRow[]> {
  await loanInScope(ctx, caller, id);
  const rows = await listLoanRepayments(ctx.db, id);
  return rows.map((r) => ({
    id: r.id,
    payment_date: r.paidDate,
    amount_paid: money(r.amount),
    method: r.method,
    transaction_code: r.mpesaCode,
    status: r.status,
    source: r.source,
  }));
}

// Notes ------------------------------------------------------------------------------------------

type NoteRecord = Awaited<ReturnType<typeof listNotes>>[number];
type ApprovedRepayment = { loanId: number; amount: string; paidDate: string };

/** A note as the contract shows it; a promise's status from the loan's approved repayments as of today. */
const toNote = (n: NoteRecord, approved: ApprovedRepayment[], today: string): Note => {
  const promise =
    n.type === 'promise' && n.promiseDate !== null && n.promiseAmount !== null
      ? { date: n.promiseDate, amountCents: toCents(n.promiseAmount) }
      : null;
  return {
    id: n.id,
    loan_id: n.loanId,
    note: n.note,
    note_date: n.noteDate,
    type: n.type,
    promise_date: promise?.date ?? null,
    promise_amount: promise ? toMoneyNumber(promise.amountCents) : null,
    promise_status: promise
      ? promiseStatus(
          {
            ...promise,
            paidCents: approved
              .filter((r) => r.loanId === n.loanId && r.paidDate >= n.noteDate && r.paidDate <= promise.date)
              .reduce((sum, r) => sum + toCents(r.amount), 0n),
          },
          today,
        )
      : null,
    created_by: n.createdBy,
    created_by_name: n.createdByName,
    created_at: n.createdAt.toISOString(),
  };
};

/**
 * Notes as the contract shows them, a promise's status as of today from its loan's approved
 * repayments (one query for the loans of all the notes: a loan's or a customer's few).
 */
export async function toNotes(
  ctx: LoansContext,
  notes: NoteRecord[],
  ex: Executor = ctx.db,
): Promise<Note[]> {
  const promised = [...new Set(notes.filter((n) => n.type === 'promise').map((n) => n.loanId))];
  const approved = await listApprovedRepaymentsOf(ex, promised);
  const today = ctx.today();
  return notes.map((n) => toNote(n, approved, today));
}

export async function getLoanNotes(ctx: LoansContext, caller: Caller, id: number): Promise<Note[]> {
  await loanInScope(ctx, caller, id);
  return toNotes(ctx, await listNotes(ctx.db, id));
}

/**
 * Adds a note. A promise to pay (date today or later, at most PROMISE_MAX_DAYS_AHEAD days ahead,
 * on a disbursed loan not yet paid) becomes the loan's latest promise in the same transaction
 * (promises.ts), with what is already paid towards it.
 */
export async function addLoanNote(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  input: CreateNoteRequest,
): Promise<Note> {
  const today = ctx.today();
  const promise =
    input.type === 'promise' && input.promise_date !== undefined && input.promise_amount !== undefined
      ? { date: input.promise_date, amount: formatCents(toCents(input.promise_amount)) }
      : null;
  if (promise && promise.date < today)
    throw ValidationError.field('promise_date', 'Promise date cannot be before today');
  if (promise && promise.date > addDays(today, PROMISE_MAX_DAYS_AHEAD))
    throw ValidationError.field(
      'promise_date',
      `Promise date must be at most ${PROMISE_MAX_DAYS_AHEAD} days from today`,
    );
  return ctx.db.transaction(async (tx) => {
    // Locked for a promise: a repayment approved meanwhile recomputes promise_paid after this write.
    const loan = await loanInScope(ctx, caller, id, tx, promise !== null);
    if (promise) {
      if (loan.disbursementDate === null || loan.status === 'paid' || loan.status === 'repossessed')
        throw new ConflictError('A promise to pay can only be recorded on a disbursed loan with a balance');
      await updateLoanIf(
        tx,
        id,
        undefined,
        await latestPromiseColumns(tx, id, { noteDate: input.note_date, ...promise }),
      );
    }
    const created = await insertNote(tx, {
      loanId: id,
      note: input.note,
      noteDate: input.note_date,
      type: input.type,
      promiseDate: promise?.date ?? null,
      promiseAmount: promise?.amount ?? null,
      createdBy: caller.id,
      createdAt: ctx.clock.now(),
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.note_added',
      entity: 'loan_note',
      entityId: created.id,
      loanId: id,
      after: {
        note: created.note,
        note_date: created.noteDate,
        type: created.type,
        ...(promise ? { promise_date: promise.date, promise_amount: promise.amount } : {}),
      },
    });
    const [withName] = (await listNotes(tx, id)).filter((n) => n.id === created.id);
    if (!withName) throw new Error('The note was not found after inserting it');
    const [note] = await toNotes(ctx, [withName], tx);
    if (!note) throw new Error('The note was not found after inserting it');
    return note;
  });
}

// History ----------------------------------------------------------------------------------------

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** Loan history entries written by M-Pesa's callbacks (modules/mpesa) rather than a user. */
const MPESA_ACTIONS = new Set([
  'mpesa.payment_applied',
  'mpesa.amount_differs',
  'mpesa.suspense',
  'repayment.approved',
]);

export async function getLoanHistory(
  ctx: LoansContext,
  caller: Caller,
  id: number,
): Promise<LoanHistoryEntry[]> {
  await loanInScope(ctx, caller, id);
  const rows = await listLoanHistory(ctx.db, id);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    // Changes without a user are the system's (null), or M-Pesa's for what its callbacks did.
    actor_name: r.actorName ?? (MPESA_ACTIONS.has(r.action) ? MPESA_ACTOR_NAME : null),
    before: asRecord(r.before),
    after: asRecord(r.after),
    at: r.at.toISOString(),
  }));
}

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
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const today = ctx.today();
    const loan = await loanInScope(ctx, caller, input.loanId, tx, true);
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
export async function lockLoan(ctx: LoansContext, caller: Caller, id: number): Promise<DeviceActionResponse> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const loan = await loanInScope(ctx, caller, id, tx, true);
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
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.locked',
      entity: 'loan',
      entityId: id,
      loanId: id,
      before: { device_status: loan.deviceStatus },
      after: { device_status: transition.status },
    });
    return { message: 'Phone locked successfully', device_status: transition.status };
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
  return ctx.db.transaction(async (tx) => {
    const loan = await loanInScope(ctx, caller, id, tx, true);
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
    await updateLoanIf(tx, id, undefined, { ...changes, updatedAt: ctx.clock.now() });
    const before = Object.fromEntries(changed.map((key) => [key, loan[key]]));
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.updated',
      entity: 'loan',
      entityId: id,
      loanId: id,
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
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const today = ctx.today();
    const loan = await loanInScope(ctx, caller, id, tx, true);
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
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.repossessed',
      entity: 'loan',
      entityId: id,
      loanId: id,
      before: { status: loan.status, device_status: loan.deviceStatus },
      after: { status: after.status, device_status: after.deviceStatus },
    });
    return { message: 'Phone repossessed successfully', device_status: transition.status };
  });
}
