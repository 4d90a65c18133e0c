import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs for stored files. An <img> cannot send a bearer header, so the API
 * hands out URLs whose query carries an expiry and an HMAC of the key and that expiry; only
 * callers allowed to see the owning record ever receive one (docs/product.md#customers-and-files).
 */
export const SIGNED_URL_LIFETIME_SECONDS = 15 * 60;

export interface SignedFileQuery {
  exp: number;
  sig: string;
}

function signature(secret: Buffer, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
}

export function signFileKey(secret: Buffer, key: string, nowMs: number): SignedFileQuery {
  const exp = Math.floor(nowMs / 1000) + SIGNED_URL_LIFETIME_SECONDS;
  return { exp, sig: signature(secret, key, exp) };
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkFileSignature(
  secret: Buffer,
  key: string,
  query: { exp?: number | undefined; sig?: string | undefined },
  nowMs: number,
): SignatureCheck {
  if (query.exp === undefined || !query.sig) return 'invalid';
  const expected = Buffer.from(signature(secret, key, query.exp));
  const given = Buffer.from(query.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return query.exp * 1000 > nowMs ? 'valid' : 'expired';
}
