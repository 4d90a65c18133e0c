/** SQL of the device-lock outbox (issue 35): commands, their claims and results, the loans' lock state. */
import { and, asc, count, desc, eq, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FAILING_AFTER_ATTEMPTS } from '@lender/shared/contract/device-lock';
import type { DeviceLockState } from '@lender/shared/domain/statuses';
import type { Executor } from '../../db/client';
import { customers, deviceCommands, loans, users } from '../../db/schema';
import { countLimit, offsetOf, type PageRequest } from '../pagination';

export type DeviceCommandRecord = typeof deviceCommands.$inferSelect;
export type NewDeviceCommand = typeof deviceCommands.$inferInsert;

export async function insertCommand(ex: Executor, row: NewDeviceCommand): Promise<DeviceCommandRecord> {
  const [created] = await ex.insert(deviceCommands).values(row).returning();
  if (!created) throw new Error('device command not inserted');
  return created;
}

/** A phone's earlier refused commands are moot once a later one is queued: never retried after it. */
export async function supersedeFailed(ex: Executor, deviceUid: string, beforeId: number): Promise<void> {
  await ex
    .update(deviceCommands)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(deviceCommands.deviceUid, deviceUid),
        eq(deviceCommands.status, 'failed'),
        sql`${deviceCommands.id} < ${beforeId}`,
      ),
    );
}

export async function setLoanLockState(ex: Executor, loanId: number, state: DeviceLockState): Promise<void> {
  await ex.update(loans).set({ deviceLockState: state }).where(eq(loans.id, loanId));
}

const undelivered = (table: { status: typeof deviceCommands.status }) =>
  inArray(table.status, ['queued', 'sending']);

/**
 * Claims up to `limit` due commands for this worker, in one short transaction: a command is due
 * when queued (or claimed by a worker that died: its lease lapsed) and no earlier command for the
 * same phone is still undelivered (the order rule). FOR UPDATE SKIP LOCKED lets several instances
 * claim at once without taking the same row; the claim moves it to 'sending' with a lease.
 */
export async function claimDueCommands(
  ex: Executor,
  now: Date,
  leaseEnd: Date,
  limit: number,
): Promise<DeviceCommandRecord[]> {
  return ex.transaction(async (tx) => {
    const earlier = alias(deviceCommands, 'earlier');
    const due = await tx
      .select({ id: deviceCommands.id })
      .from(deviceCommands)
      .where(
        and(
          undelivered(deviceCommands),
          lte(deviceCommands.nextAttemptAt, now),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(earlier)
              .where(
                and(
                  eq(earlier.deviceUid, deviceCommands.deviceUid),
                  sql`${earlier.id} < ${deviceCommands.id}`,
                  inArray(earlier.status, ['queued', 'sending']),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(deviceCommands.nextAttemptAt), asc(deviceCommands.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(deviceCommands)
      .set({ status: 'sending', attempts: sql`${deviceCommands.attempts} + 1`, nextAttemptAt: leaseEnd })
      .where(
        inArray(
          deviceCommands.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * Stores a delivery's outcome, only if the claim is still this worker's (same attempt, still
 * sending): a claim that lapsed and was taken again is the other worker's to finish.
 */
export async function finishDelivery(
  ex: Executor,
  claimed: DeviceCommandRecord,
  patch: Partial<NewDeviceCommand>,
): Promise<boolean> {
  const rows = await ex
    .update(deviceCommands)
    .set(patch)
    .where(
      and(
        eq(deviceCommands.id, claimed.id),
        eq(deviceCommands.status, 'sending'),
        eq(deviceCommands.attempts, claimed.attempts),
      ),
    )
    .returning({ id: deviceCommands.id });
  return rows.length === 1;
}

/** The phone's commands still awaiting the provider's report (sent or not yet), oldest first. */
export async function openCommandsOfDevice(ex: Executor, deviceUid: string): Promise<DeviceCommandRecord[]> {
  return ex
    .select()
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceUid, deviceUid),
        inArray(deviceCommands.status, ['queued', 'sending', 'sent']),
      ),
    )
    .orderBy(asc(deviceCommands.id))
    .limit(20);
}

/** The phone's latest command (any status): which loan a report about it concerns. */
export async function latestCommandOfDevice(
  ex: Executor,
  deviceUid: string,
): Promise<DeviceCommandRecord | undefined> {
  const [row] = await ex
    .select()
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceUid, deviceUid))
    .orderBy(desc(deviceCommands.id))
    .limit(1);
  return row;
}

/** The loan's latest command that is not superseded: the one whose outcome is the phone's state. */
export async function latestCommandOfLoan(
  ex: Executor,
  loanId: number,
): Promise<DeviceCommandRecord | undefined> {
  const [row] = await ex
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.loanId, loanId), sql`${deviceCommands.status} <> 'superseded'`))
    .orderBy(desc(deviceCommands.id))
    .limit(1);
  return row;
}

export async function markConfirmed(ex: Executor, id: number, now: Date): Promise<void> {
  await ex
    .update(deviceCommands)
    .set({ status: 'confirmed', confirmedAt: now, lastError: null })
    .where(eq(deviceCommands.id, id));
}

export async function setLoanAlert(ex: Executor, loanId: number, alert: string | null, now: Date | null) {
  const rows = await ex
    .update(loans)
    .set({ deviceAlert: alert, deviceAlertAt: now })
    .where(eq(loans.id, loanId))
    .returning({ id: loans.id });
  return rows.length === 1;
}

/** A failed or failing command made due now again; false when it is delivered or superseded. */
export async function requeueCommand(
  ex: Executor,
  id: number,
  now: Date,
): Promise<DeviceCommandRecord | undefined> {
  const [row] = await ex
    .update(deviceCommands)
    .set({ status: 'queued', nextAttemptAt: now })
    .where(and(eq(deviceCommands.id, id), inArray(deviceCommands.status, ['queued', 'failed'])))
    .returning();
  return row;
}

export async function findCommand(ex: Executor, id: number): Promise<DeviceCommandRecord | undefined> {
  const [row] = await ex.select().from(deviceCommands).where(eq(deviceCommands.id, id));
  return row;
}

/** Failing: refused by the provider, or still undelivered after FAILING_AFTER_ATTEMPTS attempts (the partial index). */
export const failingCondition = or(
  eq(deviceCommands.status, 'failed'),
  and(
    undelivered(deviceCommands),
    sql`${deviceCommands.attempts} >= ${sql.raw(String(FAILING_AFTER_ATTEMPTS))}`,
  ),
);

const commandColumns = {
  command: deviceCommands,
  customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  requestedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};
export type CommandListRow = {
  command: DeviceCommandRecord;
  customerName: string;
  requestedByName: string | null;
};

/** A page of commands (newest first) and its capped count. */
export async function commandsPage(
  ex: Executor,
  where: SQL | undefined,
  request: PageRequest,
): Promise<{ rows: CommandListRow[]; total: number }> {
  const { limit, offset } = offsetOf(request);
  const rows = await ex
    .select(commandColumns)
    .from(deviceCommands)
    .innerJoin(loans, eq(loans.id, deviceCommands.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(users, eq(users.id, deviceCommands.requestedBy))
    .where(where)
    .orderBy(desc(deviceCommands.id))
    .limit(limit)
    .offset(offset);
  const counted = ex
    .select({ one: sql`1` })
    .from(deviceCommands)
    .innerJoin(loans, eq(loans.id, deviceCommands.loanId))
    .where(where)
    .limit(countLimit(request) + 1)
    .as('counted');
  const [total] = await ex.select({ total: count() }).from(counted);
  return { rows, total: total?.total ?? 0 };
}

/** The loans whose phone is in a state nobody asked for, newest alert first. */
export async function alertsPage(ex: Executor, request: PageRequest) {
  const { limit, offset } = offsetOf(request);
  const where = sql`${loans.deviceAlert} is not null`;
  const rows = await ex
    .select({
      loanId: loans.id,
      imei: loans.imei,
      alert: loans.deviceAlert,
      alertAt: loans.deviceAlertAt,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(where)
    .orderBy(desc(loans.deviceAlertAt), desc(loans.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ex.select({ total: count() }).from(loans).where(where);
  return { rows, total: total?.total ?? 0 };
}

export async function problemCounts(ex: Executor): Promise<{ failing: number; alerts: number }> {
  const [failing] = await ex.select({ n: count() }).from(deviceCommands).where(failingCondition);
  const [alerts] = await ex
    .select({ n: count() })
    .from(loans)
    .where(sql`${loans.deviceAlert} is not null`);
  return { failing: failing?.n ?? 0, alerts: alerts?.n ?? 0 };
}
