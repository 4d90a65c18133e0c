/**
 * The day's reminders (docs/integrations.md#sms), queued once a day by the SMS worker after 07:00:
 * N days before a loan's next due date (N: the reminder days setting), on the due date, the day
 * after it was missed, and the day before an automatic lock (only when automatic lock is on). Each
 * is written with the loan and the day as its key, so a loan gets at most one reminder a day
 * however many instances or rounds queue them; a customer who opted out gets none.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
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
  const passes: { kind: MessageKind; where: ReturnType<typeof and> }[] = [];
  if (settings.auto_lock) {
    passes.push({
      kind: 'lock_notice',
      where: and(eq(loans.deviceStatus, 'waiting'), eq(loans.lockDate, addDays(today, 1))),
    });
  }
  passes.push({
    kind: 'reminder_missed',
    where: and(inArray(loans.status, OPEN), eq(loans.dueDate, addDays(today, -1))),
  });
  passes.push({ kind: 'reminder_due', where: and(inArray(loans.status, OPEN), eq(loans.dueDate, today)) });
  if (settings.reminder_days_before > 0) {
    passes.push({
      kind: 'reminder_before',
      where: and(
        inArray(loans.status, OPEN),
        eq(loans.dueDate, addDays(today, settings.reminder_days_before)),
      ),
    });
  }
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
