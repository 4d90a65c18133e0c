/**
 * The phone's lock at the provider (issue 35; docs/integrations.md#device-lock). Every device
 * decision the product takes (an officer's lock, a repossession, arrears cleared, the loan paid,
 * the automatic lock) queues a command here, in the transaction of the loan change itself, and
 * marks the loan's lock state as requested; the worker (worker.ts) delivers it; the provider's
 * status report confirms it, or is flagged for admins when it says what nobody asked for.
 */
import { eq } from 'drizzle-orm';
import {
  DEVICE_ACTION_LABELS,
  FAILING_AFTER_ATTEMPTS,
  type DeviceAction,
  type DeviceAlert,
  type DeviceCommand,
  type DeviceCommandReason,
  type DeviceWebhook,
} from '@lender/shared/contract/device-lock';
import type { Paginated } from '@lender/shared/contract/common';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { formatKsh } from '@lender/shared/domain/money';
import { type DeviceLockState, type DeviceStatus } from '@lender/shared/domain/statuses';
import type { Executor } from '../../db/client';
import { deviceCommands, loans } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { Caller } from '../../plugins/auth';
import { pageMeta, pageRequest, countLimit } from '../pagination';
import type { ServiceContext } from '../service-context';
import { customerOfficerOf, loanOfficerOf } from '../sql-helpers';
import { inBook } from '../../domain/book-scope';
import { readLenderSettings } from '../settings/service';
import {
  alertsPage,
  commandsPage,
  failingCondition,
  findCommand,
  insertCommand,
  latestCommandOfDevice,
  latestCommandOfLoan,
  markConfirmed,
  openCommandsOfDevice,
  problemCounts,
  requeueCommand,
  setLoanAlert,
  setLoanLockState,
  supersedeFailed,
  type CommandListRow,
} from './repository';

const REQUESTED: Record<DeviceAction, DeviceLockState> = {
  lock: 'lock_requested',
  unlock: 'unlock_requested',
  complete: 'release_requested',
};
const CONFIRMED: Record<DeviceAction, DeviceLockState> = {
  lock: 'locked',
  unlock: 'unlocked',
  complete: 'released',
};
/** How an alert names the state the phone should be in. */
const CONFIRMED_WORD: Record<DeviceLockState, string> = {
  lock_requested: 'locked',
  locked: 'locked',
  unlock_requested: 'unlocked',
  unlocked: 'unlocked',
  release_requested: 'released',
  released: 'released',
};
/** The provider's report that confirms each action. */
const REPORTED: Record<DeviceAction, DeviceWebhook['status']> = {
  lock: 'Locked',
  unlock: 'Active',
  complete: 'Completed',
};
/** The report that agrees with each confirmed state (null: never asked, the phone works). */
const AGREEING: Partial<Record<DeviceLockState | 'none', DeviceWebhook['status']>> = {
  none: 'Active',
  locked: 'Locked',
  unlocked: 'Active',
  released: 'Completed',
};

/** What a loan must carry for a command about its phone. */
export interface DeviceLoan {
  id: number;
  imei: string;
  amountDue: string;
  deviceLockState: DeviceLockState | null;
}

/** The locked screen's text: what to pay and where (the paybill number, the account number, the amount due). */
export function lockScreenMessage(paybill: string, loan: Pick<DeviceLoan, 'id' | 'amountDue'>): string {
  return `This phone is locked for an unpaid loan. Pay ${formatKsh(loan.amountDue)} to M-Pesa paybill ${paybill}, account ${encodeAccountNumber(loan.id)}, to unlock it.`;
}

/**
 * Queues a command about the loan's phone, in the caller's transaction, and marks the loan's lock
 * state as requested. The phone's earlier refused commands are superseded (never retried after this).
 */
export async function queueDeviceCommand(
  tx: Executor,
  loan: DeviceLoan,
  command: { action: DeviceAction; reason: DeviceCommandReason; now: Date; actorId: number | null },
): Promise<DeviceLockState> {
  const message =
    command.action === 'lock' ? lockScreenMessage((await readLenderSettings(tx)).paybill_number, loan) : null;
  const created = await insertCommand(tx, {
    loanId: loan.id,
    deviceUid: loan.imei,
    action: command.action,
    reason: command.reason,
    message,
    nextAttemptAt: command.now,
    requestedBy: command.actorId,
    createdAt: command.now,
  });
  await supersedeFailed(tx, loan.imei, created.id);
  const state = REQUESTED[command.action];
  await setLoanLockState(tx, loan.id, state);
  return state;
}

/**
 * The commands a recomputation's device change calls for (loans/engine-input.ts recomputeLoan):
 * a locked phone whose arrears are cleared is unlocked, a paid-off phone released. Returns the
 * state requested, or undefined when nothing is sent.
 */
export async function followDeviceStatus(
  tx: Executor,
  loan: DeviceLoan & { deviceStatus: DeviceStatus | null },
  after: DeviceStatus | null,
  now: Date,
  actorId: number | null,
): Promise<DeviceLockState | undefined> {
  if (after === loan.deviceStatus) return undefined;
  if (after === 'purchased') {
    return queueDeviceCommand(tx, loan, { action: 'complete', reason: 'loan_cleared', now, actorId });
  }
  if (loan.deviceStatus === 'locked' && after === 'active') {
    return queueDeviceCommand(tx, loan, { action: 'unlock', reason: 'arrears_cleared', now, actorId });
  }
  return undefined;
}

/** A repossessed phone stays locked: locked now unless already locked or being locked. */
export async function lockForRepossession(tx: Executor, loan: DeviceLoan, now: Date, actorId: number) {
  if (loan.deviceLockState === 'locked' || loan.deviceLockState === 'lock_requested')
    return loan.deviceLockState;
  return queueDeviceCommand(tx, loan, { action: 'lock', reason: 'repossessed', now, actorId });
}

// The provider's status report -----------------------------------------------------------------

export type ReportOutcome = 'confirmed' | 'agreed' | 'flagged' | 'unknown_device';

/**
 * The provider's report about a phone (its webhook): it confirms the command it answers (by our
 * request id, else the oldest open command it agrees with), which sets the loan's lock state when
 * it is the loan's latest; a report that agrees with the state already confirmed, or arrives while
 * a command is on its way, changes nothing; any other (a phone reported working while it should be
 * locked) is flagged on the loan for admins, never taken as the truth. A phone we never sent a
 * command about is ignored (answered, so that the provider does not retry).
 */
export async function handleDeviceReport(ctx: ServiceContext, report: DeviceWebhook): Promise<ReportOutcome> {
  const latest = await latestCommandOfDevice(ctx.db, report.deviceUid);
  if (!latest) return 'unknown_device';
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The loan's row first, as every loan change: reports and payments about it take turns.
    const [loan] = await tx
      .select({ id: loans.id, deviceLockState: loans.deviceLockState })
      .from(loans)
      .where(eq(loans.id, latest.loanId))
      .for('update');
    if (!loan) return 'unknown_device';
    const open = await openCommandsOfDevice(tx, report.deviceUid);
    const answers = open.filter(
      (command) => REPORTED[command.action] === report.status && command.status !== 'queued',
    );
    const match =
      (report.requestId ? answers.find((command) => String(command.id) === report.requestId) : undefined) ??
      answers[0];
    if (match) {
      await markConfirmed(tx, match.id, now);
      const newest = await latestCommandOfLoan(tx, loan.id);
      if (newest?.id === match.id) {
        await setLoanLockState(tx, loan.id, CONFIRMED[match.action]);
        await ctx.audit.record(tx, {
          actorId: null,
          action: 'loan.device_confirmed',
          entity: 'loan',
          entityId: loan.id,
          loanId: loan.id,
          before: { device_lock_state: loan.deviceLockState },
          after: { device_lock_state: CONFIRMED[match.action], command: match.id },
        });
      }
      return 'confirmed';
    }
    const state = loan.deviceLockState;
    if (AGREEING[state ?? 'none'] === report.status || state?.endsWith('_requested')) return 'agreed';
    const reported = { Active: 'unlocked', Locked: 'locked', Completed: 'released' }[report.status];
    const alert = `The provider reported the phone ${reported} while it should be ${state ? CONFIRMED_WORD[state] : 'working'}`;
    await setLoanAlert(tx, loan.id, alert, now);
    await ctx.audit.record(tx, {
      actorId: null,
      action: 'loan.device_alert',
      entity: 'loan',
      entityId: loan.id,
      loanId: loan.id,
      after: { alert, reported: report.status, device_uid: report.deviceUid },
    });
    return 'flagged';
  });
}

// Admins ---------------------------------------------------------------------------------------

/** Sends a failing or refused command again now (admins): 409 once delivered or superseded. */
export async function retryCommand(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findCommand(tx, id);
    if (!existing) throw new NotFoundError(`Device command ${id} not found`);
    const requeued = await requeueCommand(tx, id, ctx.clock.now());
    if (!requeued) {
      throw new ConflictError(
        `Device command ${id} is ${existing.status}: only a queued or failed command can be retried`,
      );
    }
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'device_command.retried',
      entity: 'device_command',
      entityId: id,
      loanId: existing.loanId,
      before: { status: existing.status, attempts: existing.attempts, last_error: existing.lastError },
      after: { status: 'queued' },
    });
    return { message: `${DEVICE_ACTION_LABELS[existing.action]} command queued again` };
  });
}

/** An admin has dealt with the phone's unexpected state. */
export async function clearDeviceAlert(ctx: ServiceContext, caller: Caller, loanId: number) {
  return ctx.db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ alert: loans.deviceAlert })
      .from(loans)
      .where(eq(loans.id, loanId))
      .for('update');
    if (!loan) throw new NotFoundError(`Loan ${loanId} not found`);
    if (loan.alert === null) throw new ConflictError(`Loan ${loanId} has no device alert`);
    await setLoanAlert(tx, loanId, null, null);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.device_alert_cleared',
      entity: 'loan',
      entityId: loanId,
      loanId,
      before: { alert: loan.alert },
      after: { alert: null },
    });
    return { message: 'Device alert cleared' };
  });
}

const toCommand = ({ command, customerName, requestedByName }: CommandListRow): DeviceCommand => ({
  id: command.id,
  loan_id: command.loanId,
  account_number: encodeAccountNumber(command.loanId),
  customer_name: customerName,
  device_uid: command.deviceUid,
  action: command.action,
  reason: command.reason,
  status: command.status,
  attempts: command.attempts,
  failing:
    command.status === 'failed' ||
    ((command.status === 'queued' || command.status === 'sending') &&
      command.attempts >= FAILING_AFTER_ATTEMPTS),
  last_error: command.lastError,
  message: command.message,
  requested_by_name: requestedByName,
  created_at: command.createdAt.toISOString(),
  next_attempt_at:
    command.status === 'queued' || command.status === 'sending' ? command.nextAttemptAt.toISOString() : null,
  sent_at: command.sentAt?.toISOString() ?? null,
  confirmed_at: command.confirmedAt?.toISOString() ?? null,
});

async function pageOf(ctx: ServiceContext, where: Parameters<typeof commandsPage>[1], page: number) {
  const request = pageRequest(page);
  const { rows, total } = await commandsPage(ctx.db, where, request);
  return { data: rows.map(toCommand), meta: pageMeta(request, total, countLimit(request)) };
}

/** A loan's commands, newest first; 404 outside the caller's book. */
export async function loanCommands(
  ctx: ServiceContext,
  caller: Caller,
  loanId: number,
  page: number,
): Promise<Paginated<DeviceCommand>> {
  const officerId = await loanOfficerOf(ctx.db, loanId);
  if (officerId === undefined || !inBook(caller, officerId))
    throw new NotFoundError(`Loan ${loanId} not found`);
  return pageOf(ctx, eq(deviceCommands.loanId, loanId), page);
}

/** The commands about a customer's phones, newest first; 404 outside the caller's book. */
export async function customerCommands(
  ctx: ServiceContext,
  caller: Caller,
  customerId: number,
  page: number,
): Promise<Paginated<DeviceCommand>> {
  const officerId = await customerOfficerOf(ctx.db, customerId);
  if (officerId === undefined || !inBook(caller, officerId))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return pageOf(ctx, eq(loans.customerId, customerId), page);
}

/** The commands admins must look at: refused, or undelivered after several attempts. */
export const failingCommands = (ctx: ServiceContext, page: number) => pageOf(ctx, failingCondition, page);

export async function deviceAlerts(ctx: ServiceContext, page: number): Promise<Paginated<DeviceAlert>> {
  const request = pageRequest(page);
  const { rows, total } = await alertsPage(ctx.db, request);
  return {
    data: rows.map((row) => ({
      loan_id: row.loanId,
      account_number: encodeAccountNumber(row.loanId),
      customer_name: row.customerName,
      device_uid: row.imei,
      alert: row.alert ?? '',
      alert_at: (row.alertAt ?? new Date(0)).toISOString(),
    })),
    meta: pageMeta(request, total),
  };
}

export const deviceProblems = (ctx: ServiceContext) => problemCounts(ctx.db);
