/**
 * Sends the SMS outbox (docs/integrations.md#sms): during the day only (a round in the quiet hours
 * claims nothing; the messages written then carry 07:00 as their time), claims the due messages
 * (SKIP LOCKED, so several instances never send one twice), sends each outside any transaction and
 * stores the provider's answer: sent with its message id and cost; queued again with backoff when
 * the provider failed; failed when it refused the number or the text. The day's reminders are
 * queued here too (reminders.ts).
 */
import type { Database } from '../../db/client';
import type { Clock } from '../../domain/clock';
import { CLAIM_LEASE_MS, retryDelayMs, sendableFrom } from '../../domain/outbox';
import { costAmount, type SmsProvider } from './africas-talking';
import { claimDueMessages, expireStale, finishSend } from './repository';
import { businessDate } from '../../domain/clock';

/** A message not sent within this (three days) is not sent at all: a receipt or notice that late misleads. */
export const MESSAGE_MAX_AGE_MS = 3 * 86_400_000;

export interface SmsWorkerDeps {
  db: Database;
  clock: Clock;
  provider: SmsProvider;
  timeZone: string;
  batchSize?: number;
}

export async function sendDueMessages(deps: SmsWorkerDeps) {
  const now = deps.clock.now();
  if (sendableFrom(now, deps.timeZone).getTime() !== now.getTime())
    return { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  await expireStale(deps.db, now, businessDate(now, deps.timeZone), MESSAGE_MAX_AGE_MS);
  const claimed = await claimDueMessages(
    deps.db,
    now,
    new Date(now.getTime() + CLAIM_LEASE_MS),
    deps.batchSize ?? 50,
  );
  const outcomes = await Promise.all(
    claimed.map(async (message) => {
      const answer = await deps.provider.send({ to: message.phone, text: message.body });
      const at = deps.clock.now();
      if (answer.ok) {
        await finishSend(deps.db, message, {
          status: 'sent',
          sentAt: at,
          providerMessageId: answer.messageId,
          costText: answer.cost,
          cost: costAmount(answer.cost),
          failureReason: null,
          nextAttemptAt: at,
        });
        return 'sent';
      }
      if (answer.retry) {
        await finishSend(deps.db, message, {
          status: 'queued',
          failureReason: answer.error,
          nextAttemptAt: sendableFrom(new Date(at.getTime() + retryDelayMs(message.attempts)), deps.timeZone),
        });
        return 'retrying';
      }
      await finishSend(deps.db, message, {
        status: 'failed',
        failureReason: answer.error,
        nextAttemptAt: at,
      });
      return 'failed';
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
