/**
 * The ageing pass (domain rules §5–§6): statuses, arrears, late fees and the device's waiting state
 * change with the date alone, so every open disbursed loan is re-evaluated at start-up and after
 * each midnight in LENDER_TZ, and its derived columns stored, without anyone writing to the loan.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, asc, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loans } from '../../db/schema';
import { businessDate, type Clock } from '../../domain/clock';
import { addDays } from '../../domain/loan-engine';
import type { AuditTrail } from '../../plugins/audit';
import { recomputeLoan, type LoanPolicy } from './engine-input';
import type { LoansSettings } from './service';

/** The advisory lock key of the pass: one server instance at a time runs it. */
export const AGEING_LOCK_ID = 73_310_002;
const BATCH = 200;

export interface AgeingResult {
  /** False when another instance held the lock (nothing was done). */
  ran: boolean;
  examined: number;
  changed: number;
}

/**
 * Re-evaluates every disbursed loan that is not paid as of `today`, storing what changed and
 * auditing each change with no actor ('loan.aged'). Runs in one transaction holding
 * pg_try_advisory_xact_lock, so a second instance starting the pass at the same moment skips it
 * (PGlite is one process and one connection anyway).
 */
export async function runAgeingPass(
  deps: { db: Database; audit: AuditTrail; policy: LoanPolicy },
  today: string,
): Promise<AgeingResult> {
  return deps.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${AGEING_LOCK_ID}) as locked`);
    const got = (locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
    if (!got) return { ran: false, examined: 0, changed: 0 };
    let examined = 0;
    let changed = 0;
    let afterId = 0;
    for (;;) {
      // Every open loan, not only those already in arrears: the day after an installment's due
      // date charges its late fee (loans.late_fee_percent), which changes balance and status.
      // Paid loans are left out: with every installment covered no fee can fall due any more.
      const batch = await tx
        .select({ id: loans.id })
        .from(loans)
        .where(and(isNotNull(loans.disbursementDate), ne(loans.status, 'paid'), gt(loans.id, afterId)))
        .orderBy(asc(loans.id))
        .limit(BATCH);
      for (const { id } of batch) {
        examined += 1;
        const result = await recomputeLoan(tx, id, today, deps.policy);
        if (!result.changed) continue;
        changed += 1;
        await deps.audit.record(tx, {
          actorId: null,
          action: 'loan.aged',
          entity: 'loan',
          entityId: id,
          loanId: id,
          before: result.before,
          after: { ...result.after, as_of: today },
        });
      }
      const last = batch[batch.length - 1];
      if (!last || batch.length < BATCH) break;
      afterId = last.id;
    }
    return { ran: true, examined, changed };
  });
}

/** The offset of `timeZone` from UTC at `instant`, in ms (Africa/Nairobi: +3 h). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts ?? '');
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** Milliseconds from `now` to the next midnight in `timeZone` (at least one second). */
export function msUntilNextMidnight(now: Date, timeZone: string): number {
  const tomorrow = addDays(businessDate(now, timeZone), 1);
  const utcMidnight = Date.parse(`${tomorrow}T00:00:00Z`);
  const midnight = utcMidnight - zoneOffsetMs(new Date(utcMidnight), timeZone);
  return Math.max(1000, midnight - now.getTime());
}

/** The same settings as the loans routes', so that the pass and every request agree. */
export type AgeingPluginOptions = LoansSettings;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the ageing pass now, as of today's business date (or `today`). */
    runAgeing(today?: string): Promise<AgeingResult>;
  }
}

/**
 * Runs the pass when the app is ready and after each midnight in LENDER_TZ (a timer set to the
 * next midnight by the business clock, re-armed after each run, cleared on close). A failure is
 * logged and the next midnight tries again.
 */
export default fp<AgeingPluginOptions>(
  async (app: FastifyInstance, { timeZone, defaultThresholdDays }) => {
    const clock: Clock = app.clock;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const run = (today = businessDate(clock.now(), timeZone)) =>
      runAgeingPass({ db: app.db, audit: app.audit, policy: { defaultThresholdDays } }, today);
    app.decorate('runAgeing', run);

    const runLogged = async () => {
      try {
        const result = await run();
        app.log.info(result, 'Loan ageing pass');
      } catch (error) {
        app.log.error({ err: error }, 'Loan ageing pass failed');
      }
    };
    const arm = () => {
      if (closing) return;
      timer = setTimeout(
        () => {
          void runLogged().finally(arm);
        },
        msUntilNextMidnight(clock.now(), timeZone) + 1000,
      );
      timer.unref();
    };

    app.addHook('onReady', async () => {
      await runLogged();
      arm();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
    });
  },
  { name: 'loan-ageing', dependencies: ['clock', 'database', 'audit'] },
);
