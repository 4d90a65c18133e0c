/**
 * The SMS worker (docs/integrations.md#sms), once the server listens: every round sends the due
 * messages (never in the quiet hours), and once a business day after 07:00 queues the day's
 * reminders. Without SMS_API_URL nothing is sent: messages wait, queued, and show so.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dailyOnce, runOutboxLoop, type OutboxPluginOptions } from '../outbox-worker';
import { africasTalkingProvider } from './africas-talking';
import { queueDayReminders } from './reminders';
import type { SmsConfig } from './routes';
import { sendDueMessages } from './worker';

export default fp<OutboxPluginOptions & { sms: SmsConfig }>(
  async (app: FastifyInstance, { sms, timeZone, pollMs }) => {
    const due = dailyOnce(timeZone);
    const provider = sms.apiUrl
      ? africasTalkingProvider({
          baseUrl: sms.apiUrl,
          username: sms.username ?? 'sandbox',
          apiKey: sms.apiKey ?? '',
          senderId: sms.senderId,
        })
      : undefined;
    runOutboxLoop(app, {
      name: 'SMS worker',
      intervalMs: pollMs,
      async round() {
        const now = app.clock.now();
        const today = due(now);
        if (today) {
          const queued = await queueDayReminders({ db: app.db, timeZone }, today, now);
          if (queued > 0) app.log.info({ queued }, "Reminders: the day's reminders queued");
        }
        if (provider) await sendDueMessages({ db: app.db, clock: app.clock, provider, timeZone });
      },
    });
  },
  { name: 'sms-worker' },
);
