/**
 * The device-lock worker (docs/integrations.md#device-lock), once the server listens: every round
 * delivers the due commands to the provider, and once a business day after 07:00 applies the
 * automatic lock. Without DEVICELOCK_API_URL nothing is sent: commands wait, queued, and show so.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dailyOnce, runOutboxLoop, type OutboxPluginOptions } from '../outbox-worker';
import { autoLockDue } from './auto-lock';
import { fixedToken, knoxTokenSource, readKnoxKeys } from './knox-auth';
import { knoxGuardProvider } from './knox-guard';
import type { DeviceLockConfig } from './routes';
import { deliverDueCommands } from './worker';

export default fp<OutboxPluginOptions & { deviceLock: DeviceLockConfig }>(
  async (app: FastifyInstance, { deviceLock, timeZone, pollMs }) => {
    const { apiUrl, apiToken, keysFile, clientId } = deviceLock;
    const due = dailyOnce(timeZone);
    // With the portal's keys, tokens are exchanged and renewed here; else the fixed token is sent.
    const provider = apiUrl
      ? knoxGuardProvider({
          baseUrl: apiUrl,
          token:
            keysFile && clientId
              ? knoxTokenSource({ baseUrl: apiUrl, clientIdentifier: clientId, keys: readKnoxKeys(keysFile) })
              : fixedToken(apiToken ?? ''),
        })
      : undefined;
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
