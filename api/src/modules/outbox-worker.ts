/**
 * The loop every outbox worker runs (issue 35; docs/integrations.md#outboxes): once the server
 * listens, a round every `intervalMs`, each round delivering what is due; never during start-up,
 * never inside a request's transaction, stopped when the server closes (a round in progress is
 * awaited). A round that throws (the database briefly gone) is logged and the next one tries again.
 */
import type { FastifyInstance } from 'fastify';
import { businessDate } from '../domain/clock';

export interface OutboxLoop {
  name: string;
  intervalMs: number;
  round(): Promise<unknown>;
}

export function runOutboxLoop(app: FastifyInstance, loop: OutboxLoop): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      running = loop
        .round()
        .catch((error: unknown) => app.log.error({ err: error }, `${loop.name}: round failed; trying again`))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, loop.intervalMs);
    timer.unref();
  };
  app.addHook('onListen', async () => schedule());
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}

/**
 * The daily passes (the automatic lock, the reminders) run from this hour (LENDER_TZ): no message
 * leaves before it anyway, and the lock notice went out the day before.
 */
export const DAILY_PASS_HOUR = 7;

export interface OutboxPluginOptions {
  timeZone: string;
  pollMs: number;
}

export function dailyOnce(timeZone: string) {
  let done: string | undefined;
  /** True once per business day, at or after DAILY_PASS_HOUR. */
  return (now: Date): string | undefined => {
    const today = businessDate(now, timeZone);
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now),
    );
    if (done === today || hour < DAILY_PASS_HOUR) return undefined;
    done = today;
    return today;
  };
}
