/**
 * The automatic lock (docs/integrations.md#device-lock): when the lender turns it on (off by
 * default: an officer decides), the daily pass locks each waiting phone whose lock date has come,
 * through the same outbox as an officer's Lock, except while a repayment of the loan awaits
 * approval or a paybill payment naming it waits in suspense (the customer may have paid).
 */
import { and, asc, eq, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loans, mpesaPayments, repayments } from '../../db/schema';
import type { AuditTrail } from '../../plugins/audit';
import { readLenderSettings } from '../settings/service';
import { queueDeviceCommand } from './service';

const BATCH = 100;

export async function autoLockDue(
  deps: { db: Database; audit: AuditTrail },
  today: string,
  now: Date,
): Promise<number> {
  if (!(await readLenderSettings(deps.db)).auto_lock) return 0;
  let locked = 0;
  // Read in (lock date, id) order, as loans_waiting_lock_idx holds them, from where the last batch
  // ended: a batch costs the same however many phones wait (a skipped one is not read again).
  let after = { lockDate: '0001-01-01', id: 0 };
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(loans)
        .where(
          and(
            eq(loans.deviceStatus, 'waiting'),
            lte(loans.lockDate, today),
            sql`(${loans.lockDate}, ${loans.id}) > (${after.lockDate}::date, ${after.id}::integer)`,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(repayments)
                .where(and(eq(repayments.loanId, loans.id), eq(repayments.status, 'pending'))),
            ),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(mpesaPayments)
                .where(and(eq(mpesaPayments.loanId, loans.id), eq(mpesaPayments.status, 'suspense'))),
            ),
          ),
        )
        .orderBy(asc(loans.lockDate), asc(loans.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const last = batch[batch.length - 1];
      if (!last?.lockDate) return -1;
      after = { lockDate: last.lockDate, id: last.id };
      for (const loan of batch) {
        await tx
          .update(loans)
          .set({ deviceStatus: 'locked', lockedAt: now, updatedAt: now })
          .where(and(eq(loans.id, loan.id), eq(loans.deviceStatus, 'waiting')));
        const state = await queueDeviceCommand(tx, loan, {
          action: 'lock',
          reason: 'auto_lock',
          now,
          actorId: null,
        });
        await deps.audit.record(tx, {
          actorId: null,
          action: 'loan.locked',
          entity: 'loan',
          entityId: loan.id,
          loanId: loan.id,
          before: { device_status: 'waiting', device_lock_state: loan.deviceLockState },
          after: { device_status: 'locked', device_lock_state: state, automatic: true },
        });
      }
      return batch.length;
    });
    if (count < 0) break;
    locked += count;
  }
  return locked;
}
