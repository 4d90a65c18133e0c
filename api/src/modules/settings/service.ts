/** The lender's settings an admin changes (issue 35): automatic lock, reminders, the paybill number. */
import { eq } from 'drizzle-orm';
import type { LenderSettings } from '@lender/shared/contract/messages';
import type { Executor } from '../../db/client';
import { lenderSettings } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import type { ServiceContext } from '../service-context';

export async function readLenderSettings(ex: Executor): Promise<LenderSettings> {
  const [row] = await ex.select().from(lenderSettings).where(eq(lenderSettings.id, 1));
  return {
    auto_lock: row?.autoLock ?? false,
    reminders_enabled: row?.remindersEnabled ?? true,
    reminder_days_before: row?.reminderDaysBefore ?? 3,
    paybill_number: row?.paybillNumber ?? '522533',
  };
}

/** Stores the settings with an audit entry of what changed, in one transaction. */
export async function updateLenderSettings(
  ctx: ServiceContext,
  caller: Caller,
  next: LenderSettings,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const before = await readLenderSettings(tx);
    const now = ctx.clock.now();
    const row = {
      autoLock: next.auto_lock,
      remindersEnabled: next.reminders_enabled,
      reminderDaysBefore: next.reminder_days_before,
      paybillNumber: next.paybill_number,
      updatedBy: caller.id,
      updatedAt: now,
    };
    await tx
      .insert(lenderSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: lenderSettings.id, set: row });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'settings.updated',
      entity: 'lender_settings',
      entityId: 1,
      before,
      after: next,
    });
  });
  return { message: 'Settings saved' };
}
