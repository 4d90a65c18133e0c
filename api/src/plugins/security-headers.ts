import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { RemoteEntry } from '@lender/shared/contract/remotes';

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), display-capture=(), browsing-topics=()';
/** One year, subdomains included, as helmet's default. */
const HSTS = 'max-age=31536000; includeSubDomains';

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
      // Sent below, and only over HTTPS: over plain HTTP the header is meaningless (and ignored by
      // browsers), and it would tell a local or test deployment's name to insist on HTTPS.
      strictTransportSecurity: false,
    });
    app.addHook('onSend', async (request, reply) => {
      // The features a back office never uses, refused for this page and anything it embeds.
      // Photos are taken through a file input, which needs no camera permission.
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // request.protocol reads X-Forwarded-Proto only from the proxies TRUST_PROXY trusts.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
