/**
 * The day's reminders (docs/integrations.md#sms), queued once a day by the SMS worker after 07:00:
 * N days before a loan's next due date (N: the reminder days setting), on the due date, the day
 * after it was missed, and the day before an automatic lock (only when automatic lock is on). Each
 * is written with the loan and the day as its key, so a loan gets at most one reminder a day
 * however many instances or rounds queue them; a customer who opted out gets none.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { MessageKind } from '@lender/shared/domain/message-templates';
import type { Database } from '../../db/client';
import { loans } from '../../db/schema';
import { addDays } from '../../domain/loan-engine';
import { queueLoanMessage } from './service';
import { readLenderSettings } from '../settings/service';

const OPEN = ['active', 'partially_paid', 'overdue', 'defaulted'] as const;
const BATCH = 200;

export interface ReminderDeps {
  db: Database;
  timeZone: string;
}

/** Queues the reminders of `today` (business date); returns how many were written. */
export async function queueDayReminders(deps: ReminderDeps, today: string, now: Date): Promise<number> {
  const settings = await readLenderSettings(deps.db);
  if (!settings.reminders_enabled) return 0;
  // The most pressing first: the day's one reminder per loan is the one that matters most.
  // Each pass reads its loans in id order from one index range (a status and a date: loans_status_idx;
  // a lock date: loans_waiting_lock_idx), so a batch costs the same however many loans are due.
  const passes: { kind: MessageKind; where: SQL | undefined }[] = [];
  const openOn = (kind: MessageKind, day: string) => {
    for (const status of OPEN) {
      passes.push({ kind, where: and(eq(loans.status, status), eq(loans.dueDate, day)) });
    }
  };
  if (settings.auto_lock) {
    passes.push({
      kind: 'lock_notice',
      where: and(eq(loans.deviceStatus, 'waiting'), eq(loans.lockDate, addDays(today, 1))),
    });
  }
  openOn('reminder_missed', addDays(today, -1));
  openOn('reminder_due', today);
  if (settings.reminder_days_before > 0)
    openOn('reminder_before', addDays(today, settings.reminder_days_before));
  let written = 0;
  for (const pass of passes) {
    let after = 0;
    for (;;) {
      const batch = await deps.db
        .select({ id: loans.id })
        .from(loans)
        .where(and(pass.where, gt(loans.id, after), sql`${loans.disbursementDate} is not null`))
        .orderBy(asc(loans.id))
        .limit(BATCH);
      const last = batch[batch.length - 1];
      if (!last) break;
      after = last.id;
      // One short transaction per batch.
      written += await deps.db.transaction(async (tx) => {
        let count = 0;
        for (const { id } of batch) {
          const created = await queueLoanMessage(tx, {
            loanId: id,
            kind: pass.kind,
            now,
            timeZone: deps.timeZone,
            reminderDay: today,
          });
          if (created) count += 1;
        }
        return count;
      });
    }
  }
  return written;
}
