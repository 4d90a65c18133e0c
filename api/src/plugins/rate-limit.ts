import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { API_BASE, apiRoutes } from '@lender/shared/contract/routes';

export interface RateLimitOptions {
  max: number;
}

const HEALTH = `${API_BASE}${apiRoutes.health}`;
/** M-Pesa's callbacks come in bursts from a few Safaricom addresses; they carry their own secret. */
const MPESA_CALLBACKS = `${API_BASE}/mpesa/c2b/`;

/**
 * A generous per-address ceiling on /api requests (RATE_LIMIT_MAX a minute) against runaway
 * clients. An instance-wide onRequest hook, registered before the auth plugin, so that refused
 * requests (401/403) count too; the plugin's own per-route hooks would run after auth. Kept in
 * memory, so per instance; the sign-in throttle that matters for security is in the database.
 * Static files, the health check and M-Pesa's callbacks are not counted.
 */
export default fp<RateLimitOptions>(
  async (app, { max }) => {
    await app.register(rateLimit, {
      global: false,
      max,
      timeWindow: '1 minute',
      allowList: (request) =>
        !request.url.startsWith(`${API_BASE}/`) ||
        request.url.startsWith(HEALTH) ||
        request.url.startsWith(MPESA_CALLBACKS),
    });
    app.addHook('onRequest', app.rateLimit());
  },
  { name: 'rate-limit' },
);
