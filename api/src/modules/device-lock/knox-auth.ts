/**
 * Knox Cloud Authentication (docs/integrations.md#device-lock), as Samsung documents it for
 * customers: the key pair (`keys.json`, downloaded once from the Knox Cloud API portal) signs the
 * Client Identifier; `POST {base}/ams/v1/users/accesstoken` exchanges it for an access token
 * valid for ACCESS_TOKEN_MINUTES; every Knox Guard call carries that access token signed again
 * with the same key, in `x-knox-apitoken`. The access token is kept until shortly before it
 * expires, and fetched again at once when Knox refuses it (401).
 */
import { createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSigner } from 'fast-jwt';
import { PROVIDER_TIMEOUT_MS } from '../../domain/outbox';

/** Knox's audience for the signed client identifier and access token. */
const AUDIENCE = 'KnoxWSM';
const ACCESS_TOKEN_MINUTES = 30;
/** Fetched again this long before the access token expires (a call in flight must not carry a dead one). */
const RENEW_BEFORE_MS = 5 * 60_000;

export interface KnoxKeys {
  /** The public key as keys.json holds it (base64 DER): sent with each signed token. */
  publicKey: string;
  privateKey: KeyObject;
  /** The same private key as PEM, the form the JWT signer takes (converted once, not per call). */
  privateKeyPem: string;
}

/** Reads keys.json ({"Public": base64, "Private": base64}); throws a message naming what is wrong. */
export function readKnoxKeys(path: string): KnoxKeys {
  let parsed: { Public?: unknown; Private?: unknown };
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as typeof parsed;
  } catch (error) {
    throw new Error(`DEVICELOCK_KEYS_FILE ${path} could not be read as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed.Public !== 'string' || typeof parsed.Private !== 'string') {
    throw new Error(
      `DEVICELOCK_KEYS_FILE ${path} must be the keys.json of the Knox Cloud API portal, with "Public" and "Private"`,
    );
  }
  const der = Buffer.from(parsed.Private, 'base64');
  // The portal's key is PKCS#8; PKCS#1 is accepted too (Samsung's own libraries read either).
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      const privateKey = createPrivateKey({ key: der, format: 'der', type });
      createPublicKey(privateKey);
      const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      return { publicKey: parsed.Public, privateKey, privateKeyPem };
    } catch {
      /* the other encoding */
    }
  }
  throw new Error(`DEVICELOCK_KEYS_FILE ${path}: "Private" is not an RSA private key`);
}

/**
 * Signs `claims` with the Knox key (RS512), as Knox's token libraries make them: the public key
 * beside the claims, Knox's audience, a fresh id per token.
 */
function knoxSigner(keys: KnoxKeys): (claims: Record<string, string>) => string {
  const sign = createSigner({
    key: keys.privateKeyPem,
    algorithm: 'RS512',
    aud: AUDIENCE,
    expiresIn: ACCESS_TOKEN_MINUTES * 60_000,
  });
  return (claims) => sign({ ...claims, publicKey: keys.publicKey, jti: `${randomUUID()}${randomUUID()}` });
}

/** A fixed DEVICELOCK_API_TOKEN (the simulator's, or one minted elsewhere): nothing to renew. */
export const fixedToken = (apiToken: string): KnoxTokenSource => ({
  apiToken: async () => apiToken,
  refused: () => undefined,
});

export interface KnoxTokenOptions {
  /** The region's API base (DEVICELOCK_API_URL), e.g. https://eu-kcs-api.samsungknox.com. */
  baseUrl: string;
  /** DEVICELOCK_CLIENT_ID: the Client Identifier generated on the Knox Cloud API portal. */
  clientIdentifier: string;
  keys: KnoxKeys;
  now?: () => number;
}

/** The `x-knox-apitoken` of the next call, and a way to drop the access token Knox refused. */
export interface KnoxTokenSource {
  apiToken(): Promise<string>;
  refused(): void;
}

export function knoxTokenSource(options: KnoxTokenOptions): KnoxTokenSource {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  const signed = knoxSigner(options.keys);
  let held: { accessToken: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchAccessToken = async (): Promise<string> => {
    const response = await fetch(`${base}/ams/v1/users/accesstoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        base64EncodedStringPublicKey: options.keys.publicKey,
        clientIdentifierJwt: signed({ clientIdentifier: options.clientIdentifier }),
        validityForAccessTokenInMinutes: ACCESS_TOKEN_MINUTES,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`access token refused: HTTP ${response.status} ${text.slice(0, 300)}`);
    const accessToken = (JSON.parse(text) as { accessToken?: unknown }).accessToken;
    if (typeof accessToken !== 'string' || accessToken === '')
      throw new Error(`access token answer without accessToken: ${text.slice(0, 300)}`);
    held = { accessToken, renewAt: now() + ACCESS_TOKEN_MINUTES * 60_000 - RENEW_BEFORE_MS };
    return accessToken;
  };

  return {
    async apiToken() {
      let accessToken = held && now() < held.renewAt ? held.accessToken : undefined;
      if (!accessToken) {
        // Commands sent together wait for one exchange, not one each.
        pending ??= fetchAccessToken().finally(() => (pending = undefined));
        accessToken = await pending;
      }
      return signed({ accessToken });
    },
    refused() {
      held = undefined;
    },
  };
}
