/**
 * Africa's Talking's SMS API (docs/integrations.md#sms): POST /version1/messaging, form-encoded
 * (username, to, message, from = the sender ID), the API key in the `apiKey` header. It answers
 * 201 with SMSMessageData.Recipients: per number a statusCode (100 processed, 101 sent, 102 queued;
 * 4xx/5xx failures), the messageId its delivery report will name, and the cost ("KES 0.8000").
 */
import { PROVIDER_TIMEOUT_MS } from '../../domain/outbox';

export interface AfricasTalkingSettings {
  /** SMS_API_URL: https://api.africastalking.com (sandbox: https://api.sandbox.africastalking.com), or the simulator's. */
  baseUrl: string;
  /** SMS_USERNAME */
  username: string;
  /** SMS_API_KEY */
  apiKey: string;
  /** SMS_SENDER_ID: the registered alphanumeric sender ID; unset: the account's default. */
  senderId: string | undefined;
}

export type SmsAnswer =
  { ok: true; messageId: string; cost: string | null } | { ok: false; retry: boolean; error: string };

export interface SmsProvider {
  readonly name: string;
  send(message: { to: string; text: string }): Promise<SmsAnswer>;
}

/** Recipient statuses worth trying again: the account's balance, the provider's own failures. */
const RETRY_CODES = new Set([405, 500, 501]);
const SENT_CODES = new Set([100, 101, 102]);

interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost?: string;
  messageId?: string;
}

export function africasTalkingProvider(settings: AfricasTalkingSettings): SmsProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    name: "Africa's Talking",
    async send({ to, text }) {
      const form = new URLSearchParams({ username: settings.username, to, message: text });
      if (settings.senderId) form.set('from', settings.senderId);
      let response: Response;
      try {
        response = await fetch(`${base}/version1/messaging`, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        return { ok: false, retry: true, error: `No answer: ${(error as Error).message}` };
      }
      const body = await response.text().catch(() => '');
      if (!response.ok) {
        const retry = response.status === 408 || response.status === 429 || response.status >= 500;
        return { ok: false, retry, error: `HTTP ${response.status} ${body.slice(0, 300)}`.trim() };
      }
      let recipient: AtRecipient | undefined;
      try {
        recipient = (JSON.parse(body) as { SMSMessageData?: { Recipients?: AtRecipient[] } }).SMSMessageData
          ?.Recipients?.[0];
      } catch {
        return { ok: false, retry: true, error: `Unreadable answer: ${body.slice(0, 200)}` };
      }
      if (!recipient)
        return { ok: false, retry: false, error: `No recipient in the answer: ${body.slice(0, 200)}` };
      if (SENT_CODES.has(recipient.statusCode) && recipient.messageId) {
        return { ok: true, messageId: recipient.messageId, cost: recipient.cost ?? null };
      }
      return {
        ok: false,
        retry: RETRY_CODES.has(recipient.statusCode),
        error: `${recipient.statusCode} ${recipient.status}`,
      };
    },
  };
}

/** "KES 0.8000" → '0.8000' (the amount in shillings, exact); null when it is not in KES. */
export function costAmount(cost: string | null): string | null {
  const match = /^KES\s+(\d+(?:\.\d{1,4})?)$/.exec(cost?.trim() ?? '');
  return match?.[1] ?? null;
}
