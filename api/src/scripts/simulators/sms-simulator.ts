/**
 * A stand-in for Africa's Talking's SMS API (docs/integrations.md#sms), for demos and browser
 * tests: POST /version1/messaging (form-encoded username, to, message, from; the key in the apiKey
 * header) answered as the provider does (201, SMSMessageData.Recipients with statusCode 101, the
 * messageId and the cost per part), then a delivery report to the product's callback after
 * `delayMs`: Success, or Failed for every `failEvery`-th message (as a phone switched off).
 *
 * Control: GET /_simulator/messages (what was sent), POST /_simulator/mode {down?, delayMs?, failEvery?}.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http-body';
import { smsLength } from '@lender/shared/domain/sms-parts';

export interface SmsSimulatorOptions {
  port?: number;
  host?: string;
  /** The product's delivery-report URL: <server>/api/sms/<SMS_CALLBACK_SECRET>/delivery-report. */
  reportUrl: string;
  /** SMS_API_KEY the product sends; unset: any. */
  apiKey?: string;
  delayMs?: number;
  /** Every n-th message's report is Failed (0: none). */
  failEvery?: number;
  log?: (line: string) => void;
}

export async function startSmsSimulator(options: SmsSimulatorOptions) {
  const messages: { messageId: string; to: string; text: string; parts: number; status: string }[] = [];
  const mode = { down: false, delayMs: options.delayMs ?? 1000, failEvery: options.failEvery ?? 5 };
  const log = options.log ?? (() => undefined);
  let target = options.reportUrl;

  const report = async (messageId: string, phoneNumber: string, failed: boolean) => {
    const form = new URLSearchParams({
      id: messageId,
      status: failed ? 'Failed' : 'Success',
      phoneNumber,
      networkCode: '63902',
      retryCount: '0',
      ...(failed ? { failureReason: 'AbsentSubscriber' } : {}),
    });
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      log(`report ${messageId} ${failed ? 'Failed' : 'Success'} → ${response.status}`);
    } catch (error) {
      log(`report ${messageId} failed: ${(error as Error).message}`);
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://simulator');
    const text = await readBody(request);
    if (url.pathname === '/_simulator/messages') return send(200, messages);
    if (url.pathname === '/_simulator/mode' && request.method === 'POST') {
      Object.assign(mode, JSON.parse(text || '{}'));
      return send(200, mode);
    }
    if (request.method !== 'POST' || url.pathname !== '/version1/messaging')
      return send(404, { message: 'Not found' });
    if (options.apiKey && request.headers.apikey !== options.apiKey) {
      response.writeHead(401, { 'content-type': 'text/plain' });
      return response.end('The supplied authentication is invalid');
    }
    if (mode.down) return send(503, { message: 'Service unavailable' });
    const form = new URLSearchParams(text);
    const to = form.get('to') ?? '';
    const message = form.get('message') ?? '';
    const recipients = to
      .split(',')
      .map((number) => number.trim())
      .filter(Boolean)
      .map((number) => {
        if (!/^\+\d{8,15}$/.test(number))
          return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
        const parts = smsLength(message).parts;
        const messageId = `ATXid_${Date.now().toString(36)}${messages.length}`;
        const failed = mode.failEvery > 0 && (messages.length + 1) % mode.failEvery === 0;
        messages.push({ messageId, to: number, text: message, parts, status: failed ? 'Failed' : 'Success' });
        setTimeout(() => void report(messageId, number, failed), mode.delayMs).unref();
        log(`sms to ${number} (${parts} part${parts > 1 ? 's' : ''}): ${message}`);
        return {
          statusCode: 101,
          number,
          status: 'Success',
          cost: `KES ${(0.8 * parts).toFixed(4)}`,
          messageId,
        };
      });
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    return send(201, {
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(0.8 * sent).toFixed(4)}`,
        Recipients: recipients,
      },
    });
  };
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    mode,
    /** Where the reports go (a server started after the simulator, on a port chosen then). */
    setReportUrl: (url: string) => {
      target = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
