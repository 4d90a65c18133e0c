/**
 * A stand-in for Knox Guard (docs/integrations.md#device-lock), for demos and browser tests: it
 * answers POST /kcs/v1/kg/devices/{lock,unlock,complete} as the provider does (the token in
 * x-knox-apitoken, the device by deviceUid), keeps each device's state, and reports the new state
 * to the product's status callback after `delayMs`, echoing the request id. A request id seen
 * before is answered again without acting twice. It can be told to be down (503) or slow.
 *
 * Knox Cloud Authentication too: POST /ams/v1/users/accesstoken takes a client identifier JWT
 * signed with the key it names and issues an access token; a command's `x-knox-apitoken` that is a
 * JWT must be such a token signed with the same key, unexpired (else 401, as Knox answers).
 *
 * Control (for tests and demos): GET /_simulator/devices (states), GET /_simulator/requests (how
 * many times each request id arrived), GET /_simulator/tokens (access tokens issued),
 * POST /_simulator/mode {down?, delayMs?, state?, expireTokens?}.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerifier } from 'fast-jwt';
import { readBody } from './http-body';

/** The claims of a Knox-signed JWT if `token` is one signed by the key it carries, for Knox's audience. */
function verifiedKnoxJwt(token: string, publicKey?: string): Record<string, unknown> | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      publicKey?: string;
    };
    const key = publicKey ?? claims.publicKey;
    if (!key || claims.publicKey !== key) return undefined;
    const pem = createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    return createVerifier({ key: pem, algorithms: ['RS512'], allowedAud: 'KnoxWSM' })(token) as Record<
      string,
      unknown
    >;
  } catch {
    return undefined;
  }
}

export interface DeviceLockSimulatorOptions {
  port?: number;
  host?: string;
  /** The product's status callback: <server>/api/devicelock/<DEVICELOCK_WEBHOOK_SECRET>/status. */
  webhookUrl: string;
  /** DEVICELOCK_API_TOKEN the product sends; unset: any. */
  token?: string;
  /** How long the "phone" takes to act before the report (ms). */
  delayMs?: number;
  log?: (line: string) => void;
}

type KnoxState = 'Active' | 'Locked' | 'Completed';
/** IMEIs the simulator treats as not registered (it refuses their commands, as Knox Guard does). */
export const UNREGISTERED_PREFIX = '35000000';
/**
 * IMEIs whose lock the simulator lets "the customer" bypass: a few seconds after reporting such a
 * phone locked it reports it active again, a state nobody asked for (the product flags it).
 */
export const TAMPERED_PREFIX = '35999999';
const RESULT: Record<string, KnoxState> = { lock: 'Locked', unlock: 'Active', complete: 'Completed' };

export async function startDeviceLockSimulator(options: DeviceLockSimulatorOptions) {
  const devices = new Map<string, { state: KnoxState; message: string | null; at: string }>();
  const requests = new Map<string, number>();
  const mode = { down: false, delayMs: options.delayMs ?? 1000 };
  /** Access tokens issued: the public key they were issued to, and until when. */
  const tokens = new Map<string, { publicKey: string; until: number }>();
  const log = options.log ?? (() => undefined);
  let target = options.webhookUrl;

  const report = async (deviceUid: string, status: KnoxState, requestId: string) => {
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceUid, status, requestId, timestamp: new Date().toISOString() }),
      });
      log(`report ${deviceUid} ${status} → ${response.status}`);
    } catch (error) {
      log(`report ${deviceUid} ${status} failed: ${(error as Error).message}`);
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://simulator');
    const text = await readBody(request);
    if (url.pathname === '/_simulator/devices') return send(200, Object.fromEntries(devices));
    if (url.pathname === '/_simulator/requests') return send(200, Object.fromEntries(requests));
    if (url.pathname === '/_simulator/tokens') return send(200, { issued: tokens.size });
    if (url.pathname === '/ams/v1/users/accesstoken' && request.method === 'POST') {
      let body: {
        base64EncodedStringPublicKey?: string;
        clientIdentifierJwt?: string;
        validityForAccessTokenInMinutes?: number;
      };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        return send(400, { code: '4000001', message: 'Malformed JSON' });
      }
      const claims = verifiedKnoxJwt(body.clientIdentifierJwt ?? '', body.base64EncodedStringPublicKey);
      if (!body.base64EncodedStringPublicKey || typeof claims?.clientIdentifier !== 'string')
        return send(401, { code: '4010002', message: 'Invalid client identifier' });
      const accessToken = `sim-${randomUUID()}`;
      const minutes = Number(body.validityForAccessTokenInMinutes ?? 30);
      tokens.set(accessToken, {
        publicKey: body.base64EncodedStringPublicKey,
        until: Date.now() + minutes * 60_000,
      });
      log(`access token issued to ${claims.clientIdentifier}`);
      return send(200, { accessToken });
    }
    if (url.pathname === '/_simulator/mode' && request.method === 'POST') {
      const next = JSON.parse(text || '{}') as {
        down?: boolean;
        delayMs?: number;
        state?: { deviceUid: string; status: KnoxState };
        expireTokens?: boolean;
      };
      if (next.expireTokens) tokens.clear();
      if (next.down !== undefined) mode.down = next.down;
      if (next.delayMs !== undefined) mode.delayMs = next.delayMs;
      // A device changed behind the lender's back (tampering, the console): reported as it is.
      if (next.state) {
        devices.set(next.state.deviceUid, {
          state: next.state.status,
          message: null,
          at: new Date().toISOString(),
        });
        void report(next.state.deviceUid, next.state.status, '');
      }
      return send(200, mode);
    }
    const action = /^\/kcs\/v1\/kg\/devices\/(lock|unlock|complete)$/.exec(url.pathname)?.[1];
    if (request.method !== 'POST' || !action) return send(404, { code: '4040000', message: 'Not found' });
    const apiToken = String(request.headers['x-knox-apitoken'] ?? '');
    if (options.token && apiToken !== options.token)
      return send(401, { code: '4010001', message: 'Invalid access token' });
    // A signed token (Knox Cloud Authentication): an access token issued here, signed by its key.
    if (apiToken.split('.').length === 3) {
      const claims = verifiedKnoxJwt(apiToken);
      const issued = tokens.get(String(claims?.accessToken ?? ''));
      if (!claims || !issued || issued.until < Date.now() || issued.publicKey !== claims.publicKey)
        return send(401, { code: '4010001', message: 'Invalid access token' });
    }
    if (mode.down) return send(503, { code: '5030000', message: 'Service unavailable' });
    let body: { deviceUid?: string; requestId?: string; message?: string };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return send(400, { code: '4000001', message: 'Malformed JSON' });
    }
    if (!body.deviceUid) return send(400, { code: '4000002', message: 'deviceUid is required' });
    // A phone never registered with Knox Guard (the demo's and tests' way to show a refused command).
    if (body.deviceUid.startsWith(UNREGISTERED_PREFIX))
      return send(404, { code: '4040001', message: `Device ${body.deviceUid} is not registered` });
    const requestId = body.requestId ?? '';
    const seen = requests.get(requestId) ?? 0;
    requests.set(requestId, seen + 1);
    log(`${action} ${body.deviceUid} (request ${requestId}${seen ? `, repeated ×${seen + 1}` : ''})`);
    if (seen === 0) {
      const status = RESULT[action] ?? 'Active';
      const deviceUid = body.deviceUid;
      setTimeout(() => {
        devices.set(deviceUid, {
          state: status,
          message: body.message ?? null,
          at: new Date().toISOString(),
        });
        void report(deviceUid, status, requestId);
        if (status === 'Locked' && deviceUid.startsWith(TAMPERED_PREFIX)) {
          setTimeout(() => {
            devices.set(deviceUid, { state: 'Active', message: null, at: new Date().toISOString() });
            void report(deviceUid, 'Active', '');
          }, 2 * mode.delayMs).unref();
        }
      }, mode.delayMs).unref();
    }
    return send(200, { code: '0', message: 'Success', result: { deviceUid: body.deviceUid, requestId } });
  };
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    devices,
    requests,
    mode,
    tokens,
    /** Where the reports go (a server started after the simulator, on a port chosen then). */
    setReportUrl: (url: string) => {
      target = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
