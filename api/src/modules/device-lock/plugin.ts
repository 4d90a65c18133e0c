/**
 * The device-lock worker (docs/integrations.md#device-lock), once the server listens: every round
 * delivers the due commands to the provider, and once a business day after 07:00 applies the
 * automatic lock. Without DEVICELOCK_API_URL nothing is sent: commands wait, queued, and show so.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { businessDate } from '../../domain/clock';
import { runOutboxLoop } from '../outbox-worker';
import { autoLockDue } from './auto-lock';
import { knoxGuardProvider } from './knox-guard';
import type { DeviceLockConfig } from './routes';
import { deliverDueCommands } from './worker';

/** The automatic lock runs from this hour (LENDER_TZ): the lock notice went out the day before. */
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

export default fp<OutboxPluginOptions & { deviceLock: DeviceLockConfig }>(
  async (app: FastifyInstance, { deviceLock, timeZone, pollMs }) => {
    const { apiUrl, apiToken } = deviceLock;
    const due = dailyOnce(timeZone);
    const provider = apiUrl ? knoxGuardProvider({ baseUrl: apiUrl, apiToken: apiToken ?? '' }) : undefined;
    runOutboxLoop(app, {
      name: 'device-lock worker',
      intervalMs: pollMs,
      async round() {
        const now = app.clock.now();
        const today = due(now);
        if (today) {
          const locked = await autoLockDue({ db: app.db, audit: app.audit }, today, now);
          if (locked > 0) app.log.info({ locked }, 'Automatic lock: phones locked on their lock date');
        }
        if (provider) await deliverDueCommands({ db: app.db, clock: app.clock, provider });
      },
    });
  },
  { name: 'device-lock-worker' },
);
