import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { API_BASE } from '@lender/shared/contract/routes';

export interface RateLimitOptions {
  max: number;
}

/**
 * A generous per-address ceiling on /api requests (RATE_LIMIT_MAX a minute) against runaway
 * clients. Kept in memory, so per instance; the sign-in throttle that matters for security is
 * in the database. Static files are not counted.
 */
export default fp<RateLimitOptions>(
  async (app, { max }) => {
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith(`${API_BASE}/`),
    });
  },
  { name: 'rate-limit' },
);
