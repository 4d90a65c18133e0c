/**
 * The guard of a provider's callback (M-Pesa, the device-lock provider, the SMS provider's delivery
 * reports): the secret in its path, and the provider's addresses when an allow-list is set. A wrong
 * secret or an address off the list meets the same 404 as a path that does not exist, so nothing
 * tells a prober the endpoint is there.
 */
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './not-found';

/** An allow-list of addresses and CIDR ranges. */
function allowListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** An onRequest hook admitting only the secret path (`:secret`) from an allowed address. */
export function callbackGuard(secret: string, allowedIps: string[] | undefined) {
  const allowed = allowedIps ? allowListOf(allowedIps) : undefined;
  return async (request: FastifyRequest<{ Params: { secret: string } }>, reply: FastifyReply) => {
    const address = request.ip.replace(/^::ffff:/, '');
    const addressAllowed = !allowed || allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    if (!sameSecret(request.params.secret, secret) || !addressAllowed) return sendNotFound(request, reply);
  };
}
