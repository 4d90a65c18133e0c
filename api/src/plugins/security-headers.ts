import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { RemoteEntry } from '@lender/shared/contract/remotes';

export interface SecurityHeadersOptions {
  remotes: RemoteEntry[];
}

/**
 * Helmet's headers with a Content-Security-Policy the product can live with: scripts from this
 * origin (and from any origin a remote was moved to with REMOTE_<NAME>_URL), inline styles for
 * antd's CSS-in-JS, and data:/blob: images.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { remotes }) => {
    const remoteOrigins = [
      ...new Set(remotes.filter((r) => /^https?:\/\//.test(r.entry)).map((r) => new URL(r.entry).origin)),
    ];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", ...remoteOrigins],
          styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', ...remoteOrigins],
          fontSrc: ["'self'", 'data:', ...remoteOrigins],
          connectSrc: ["'self'", ...remoteOrigins],
        },
      },
      // Remotes deployed on another origin must be able to load this origin's shared chunks.
      crossOriginResourcePolicy: { policy: remoteOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    });
  },
  { name: 'security-headers' },
);
