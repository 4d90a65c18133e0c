/**
 * Delivers the device-lock outbox (docs/integrations.md#device-lock): claims the due commands
 * (repository claimDueCommands: SKIP LOCKED, one command per phone at a time, in id order), calls
 * the provider for each outside any transaction, and stores the outcome: sent; queued again with
 * exponential backoff when the provider did not answer or failed (an outage delays, loses nothing);
 * failed when it refused the command (admins retry). The nightly automatic lock runs here too.
 */
import type { Database } from '../../db/client';
import type { Clock } from '../../domain/clock';
import { CLAIM_LEASE_MS, retryDelayMs } from '../../domain/outbox';
import type { DeviceLockProvider } from './provider';
import { claimDueCommands, finishDelivery } from './repository';

export interface DeviceWorkerDeps {
  db: Database;
  clock: Clock;
  provider: DeviceLockProvider;
  /** Commands claimed per round. */
  batchSize?: number;
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** One round: what was claimed, and how each delivery ended. */
export async function deliverDueCommands(deps: DeviceWorkerDeps): Promise<DeliveryRound> {
  const now = deps.clock.now();
  const claimed = await claimDueCommands(
    deps.db,
    now,
    new Date(now.getTime() + CLAIM_LEASE_MS),
    deps.batchSize ?? 20,
  );
  const outcomes = await Promise.all(
    claimed.map(async (command) => {
      const answer = await deps.provider.send({
        id: command.id,
        action: command.action,
        deviceUid: command.deviceUid,
        message: command.message,
      });
      const at = deps.clock.now();
      if (answer.ok) {
        await finishDelivery(deps.db, command, {
          status: 'sent',
          sentAt: at,
          lastError: null,
          nextAttemptAt: at,
        });
        return 'sent' as const;
      }
      if (answer.retry) {
        await finishDelivery(deps.db, command, {
          status: 'queued',
          lastError: answer.error,
          nextAttemptAt: new Date(at.getTime() + retryDelayMs(command.attempts)),
        });
        return 'retrying' as const;
      }
      await finishDelivery(deps.db, command, {
        status: 'failed',
        lastError: answer.error,
        nextAttemptAt: at,
      });
      return 'failed' as const;
    }),
  );
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  return {
    claimed: claimed.length,
    sent: count('sent'),
    retrying: count('retrying'),
    failed: count('failed'),
  };
}
