/**
 * The ageing pass (docs/product.md#loans-and-the-schedule to #the-financed-phone): statuses, arrears, late fees and the device's waiting state
 * change with the date alone, so the loans whose figures the date has moved are re-evaluated after
 * start-up and after each midnight in LENDER_TZ, and their derived columns stored, without anyone
 * writing to the loan.
 *
 * Which loans: every evaluation stores `next_ageing_on`, the first day on which the date alone may
 * change its figures (loan-engine/ageing.ts); the pass takes the disbursed, unpaid loans whose day
 * has come (today or earlier), through the partial index on (next_ageing_on, id). A night's pass
 * therefore touches the loans with an installment falling due, a late fee or a default that day,
 * not the whole book, and a loan it has done leaves the set: a pass stopped half-way (crash,
 * shutdown, deploy) resumes where it stopped, at the next start or midnight.
 *
 * How: in committed batches, each its own short transaction: lock the batch's loans with
 * FOR UPDATE SKIP LOCKED (a loan a request is writing is skipped: its writer stores today's figures
 * itself, recomputeLoan), load their installments and approved repayments with two set queries,
 * evaluate them with the engine, write the rows that changed with one UPDATE … FROM (VALUES …) and
 * their 'loan.aged' audit entries with one insert. The figures are read after the lock, so an
 * approval committed before cannot be overwritten with stale figures, and one waiting for the lock
 * recomputes after the batch commits.
 *
 * One instance at a time: a session-level advisory lock on a connection of its own spans the
 * batches; another instance finding it taken skips the pass (and even two passes at once would
 * only skip each other's locked rows). It never delays start-up: it starts once the server
 * listens, in the background; reads between passes evaluate the rows whose day has come
 * (engine-input.ts loansAsOfToday, lists' status as of today).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client';
import { businessDate, instantOfWallTime, type Clock } from '../../domain/clock';
import { addDays } from '../../domain/loan-engine';
import type { AuditEntry, AuditTrail } from '../../plugins/audit';
import {
  derivedColumns,
  diffDerived,
  evaluateWith,
  loadEngineInputs,
  type DerivedColumns,
  type LoanPolicy,
} from './engine-input';
import { writePortfolioSnapshot } from './portfolio-snapshots-repository';
import { lockLoansDueForAgeing, updateAgedColumns, type AgeingCursor } from './repository';
import type { LoansSettings } from './context';

/** The advisory lock key of the pass: one server instance at a time runs it. */
export const AGEING_LOCK_ID = 73_310_002;

/**
 * Loans per batch (one transaction each). PostgreSQL: at 500 a batch averaged 0.57 s and peaked at
 * 1.45 s on a loaded 2-core machine (1M-loan book), so 250 keeps each transaction under a second.
 * PGlite is one connection, so requests wait for the batch in progress: smaller batches let them in sooner.
 */
export const DEFAULT_BATCH_SIZE = { postgres: 250, pglite: 50 } as const;

export interface AgeingResult {
  /** False when another instance held the lock (nothing was done). */
  ran: boolean;
  /** Loans evaluated. */
  examined: number;
  /** Loans whose figures changed (each audited as 'loan.aged'). */
  changed: number;
  batches: number;
  /** The longest batch transaction, in ms. */
  longestBatchMs: number;
  /** Stopped early (the server is closing); the next pass resumes. */
  stopped: boolean;
}

const NOT_RUN: AgeingResult = {
  ran: false,
  examined: 0,
  changed: 0,
  batches: 0,
  longestBatchMs: 0,
  stopped: false,
};

export interface AgeingOptions {
  batchSize: number;
  /** Checked before each batch: true ends the pass early (shutdown). */
  shouldStop?: () => boolean;
  /** Tests: called before each batch's transaction, with the batch's number (from 1). */
  beforeBatch?: (batch: number) => Promise<void> | void;
  /** Tests: called inside each batch's transaction once its loans are locked. */
  onBatchLocked?: (loanIds: number[]) => Promise<void> | void;
}

export interface AgeingDeps {
  database: DatabaseHandle;
  audit: AuditTrail;
  policy: LoanPolicy;
}

type Cursor = AgeingCursor | undefined;

/** One batch in its own transaction; undefined when no loan is left past the cursor. */
async function ageBatch(
  deps: AgeingDeps,
  today: string,
  cursor: Cursor,
  options: AgeingOptions,
): Promise<{ cursor: Cursor; examined: number; changed: number; ms: number } | undefined> {
  const started = performance.now();
  return deps.database.db.transaction(async (tx) => {
    const batch = await lockLoansDueForAgeing(tx, today, cursor, options.batchSize);
    const last = batch[batch.length - 1];
    if (!last) return undefined;
    const ids = batch.map((loan) => loan.id);
    await options.onBatchLocked?.(ids);
    const inputs = await loadEngineInputs(tx, ids);
    const writes: { id: number; next: DerivedColumns }[] = [];
    const entries: AuditEntry[] = [];
    for (const loan of batch) {
      const input = inputs.get(loan.id) ?? { installments: [], approved: [] };
      const next = derivedColumns(loan, evaluateWith(loan, input, today, deps.policy), deps.policy);
      const diff = diffDerived(loan, next);
      if (diff.write) writes.push({ id: loan.id, next });
      if (diff.changed) {
        entries.push({
          actorId: null,
          action: 'loan.aged',
          entity: 'loan',
          entityId: loan.id,
          loanId: loan.id,
          before: diff.before,
          after: { ...diff.after, as_of: today },
        });
      }
    }
    await updateAgedColumns(tx, writes);
    await deps.audit.recordMany(tx, entries);
    return {
      cursor: { on: last.nextAgeingOn ?? today, id: last.id },
      examined: batch.length,
      changed: entries.length,
      ms: performance.now() - started,
    };
  });
}

/**
 * Ages, as of `today`, every disbursed unpaid loan whose ageing day has come, in committed batches
 * under the advisory lock. A second sweep picks up loans that were locked by a request during the
 * first one and are still due (their writer rolled back).
 */
export async function runAgeingPass(
  deps: AgeingDeps,
  today: string,
  options: AgeingOptions,
): Promise<AgeingResult> {
  const outcome = await deps.database.withTryAdvisoryLock(AGEING_LOCK_ID, async () => {
    const result: AgeingResult = {
      ran: true,
      examined: 0,
      changed: 0,
      batches: 0,
      longestBatchMs: 0,
      stopped: false,
    };
    for (let sweep = 0; sweep < 2; sweep += 1) {
      let cursor: Cursor;
      let examinedThisSweep = 0;
      for (;;) {
        if (options.shouldStop?.()) {
          result.stopped = true;
          return result;
        }
        await options.beforeBatch?.(result.batches + 1);
        const batch = await ageBatch(deps, today, cursor, options);
        if (!batch) break;
        cursor = batch.cursor;
        examinedThisSweep += batch.examined;
        result.examined += batch.examined;
        result.changed += batch.changed;
        result.batches += 1;
        result.longestBatchMs = Math.max(result.longestBatchMs, Math.round(batch.ms));
        // Let requests in between batches (on PGlite they share the one connection).
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (examinedThisSweep === 0) break;
    }
    // The day's figures are current now: keep them for the dashboard's PAR30 trend. Here, under
    // the lock, so it is written once a day by one instance (and again by a later pass that day).
    await writePortfolioSnapshot(deps.database.db, today);
    return result;
  });
  return outcome.acquired ? outcome.result : { ...NOT_RUN };
}

/** Milliseconds from `now` to the next midnight in `timeZone` (at least one second). */
export function msUntilNextMidnight(now: Date, timeZone: string): number {
  const tomorrow = addDays(businessDate(now, timeZone), 1);
  const midnight = instantOfWallTime(Date.parse(`${tomorrow}T00:00:00Z`), timeZone);
  return Math.max(1000, midnight - now.getTime());
}

/** The same settings as the loans routes', so that the pass and every request agree. */
export interface AgeingPluginOptions extends LoansSettings {
  /** Default: DEFAULT_BATCH_SIZE for the driver. */
  batchSize?: number | undefined;
  beforeBatch?: AgeingOptions['beforeBatch'];
  onBatchLocked?: AgeingOptions['onBatchLocked'];
}

export interface AgeingControl {
  /** Runs a pass now, as of today's business date (or `today`), and waits for it. */
  run(today?: string): Promise<AgeingResult>;
  /** The background pass in progress (started after listen or at midnight), if any. */
  inProgress(): Promise<AgeingResult> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the ageing pass now, as of today's business date (or `today`). */
    runAgeing(today?: string): Promise<AgeingResult>;
    ageing: AgeingControl;
  }
}

/**
 * Starts the pass in the background once the server listens (never in onReady: start-up and
 * /api/health do not wait for it) and after each midnight in LENDER_TZ (a timer set to the next
 * midnight by the business clock, re-armed after each run, cleared on close). If the day changed
 * while a pass ran, it runs again for the new day. A failure is logged; the next start or
 * midnight resumes. Closing stops the pass after its current batch.
 */
export default fp<AgeingPluginOptions>(
  async (app: FastifyInstance, { timeZone, defaultThresholdDays, batchSize, beforeBatch, onBatchLocked }) => {
    const clock: Clock = app.clock;
    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    let background: Promise<AgeingResult> | undefined;
    const today = () => businessDate(clock.now(), timeZone);
    // One pass at a time in this process too (the advisory lock is per session; PGlite has none).
    let running = false;
    const run = async (day = today()): Promise<AgeingResult> => {
      if (running) return { ...NOT_RUN };
      running = true;
      try {
        return await runAgeingPass(
          { database: app.database, audit: app.audit, policy: { defaultThresholdDays } },
          day,
          {
            batchSize: batchSize ?? DEFAULT_BATCH_SIZE[app.database.driver],
            shouldStop: () => closing,
            ...(beforeBatch ? { beforeBatch } : {}),
            ...(onBatchLocked ? { onBatchLocked } : {}),
          },
        );
      } finally {
        running = false;
      }
    };

    /** The VACUUM's ms (client.ts DatabaseHandle.vacuum). */
    const vacuum = async (): Promise<number> => {
      const started = performance.now();
      await app.database.vacuum();
      return Math.round(performance.now() - started);
    };

    const runLogged = async (): Promise<AgeingResult> => {
      let result: AgeingResult = { ...NOT_RUN };
      try {
        for (let day = today(); ; day = today()) {
          const started = performance.now();
          result = await run(day);
          const ms = Math.round(performance.now() - started);
          // The pass's writes (this one's or earlier ones') leave pages out of the visibility map,
          // which the lists' counts then pay for on every request (client.ts vacuum).
          const vacuumMs = result.ran && !closing ? await vacuum() : undefined;
          app.log.info(
            { ...result, asOf: day, ms, ...(vacuumMs === undefined ? {} : { vacuumMs }) },
            'Loan ageing pass',
          );
          if (closing || !result.ran || today() === day) break;
        }
      } catch (error) {
        app.log.error({ err: error }, 'Loan ageing pass failed; the next start or midnight resumes it');
      }
      return result;
    };
    const startInBackground = () => {
      if (closing || background) return;
      background = runLogged().finally(() => {
        background = undefined;
      });
    };
    const arm = () => {
      if (closing) return;
      timer = setTimeout(
        () => {
          startInBackground();
          arm();
        },
        msUntilNextMidnight(clock.now(), timeZone) + 1000,
      );
      timer.unref();
    };

    app.decorate('runAgeing', (day?: string) => run(day));
    app.decorate('ageing', { run: (day?: string) => run(day), inProgress: () => background });

    app.addHook('onListen', async () => {
      // Not awaited: the pass runs while the server answers.
      setImmediate(startInBackground);
      arm();
    });
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      await background;
    });
  },
  { name: 'loan-ageing', dependencies: ['clock', 'database', 'audit'] },
);
