import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { API_BASE } from '@lender/shared/contract/routes';
import { USER_TEXTS } from '@lender/shared/contract/users';
import { can, refusalOf, type Action } from '@lender/shared/domain/permissions';
import type { Role } from '@lender/shared/domain/roles';
import { preparedStatement, type Database } from '../db/client';
import { serverSecrets, users } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../domain/errors';
import { SESSION_REFUSALS, sessionRefusal } from '../domain/session';

/** Session lifetime: 1 hour from sign-in (docs/product.md#constants). */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** The signed-in staff member a request acts for, as verified and re-read from the database. */
export interface Caller {
  id: number;
  role: Role;
}

interface TokenPayload {
  sub: string;
  role: Role;
  /** The user's session version when the token was issued (users.session_version). */
  ver?: number;
}

/** A verified token's claims; the session version of a token issued before versions is 0. */
type VerifiedToken = Caller & { sessionVersion: number };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    /** The caller, with the session version of the token they came with (a renewal keeps it). */
    user: VerifiedToken;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, health, signed file URLs, the OpenAPI document). */
    public?: boolean;
    /** Open to a user who must still replace a temporary password (sign-out, own profile, the change). */
    beforePasswordChange?: boolean;
  }
  interface FastifyInstance {
    issueToken(user: Caller & { sessionVersion: number }): { token: string; expiresAt: number };
    /** An onRequest hook refusing callers whose role may not do `action` (403 with an `error` field). */
    requirePermission(action: Action): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  secret: string;
}

/**
 * The JWT signing secret: JWT_SECRET when set; otherwise the one in server_secrets, which the
 * first instance to start on this database creates, so that every instance on it signs and
 * accepts the same tokens whatever its DATA_DIR. Race-free: each candidate is inserted with
 * `on conflict do nothing` and the row that won is read back. The candidate is a server's earlier
 * DATA_DIR/jwt-secret when there is one (its sessions survive the upgrade), else random bytes.
 */
export async function resolveJwtSecret(
  configured: string | undefined,
  dataDir: string,
  db: Database,
): Promise<string> {
  if (configured) return configured;
  const stored = async () =>
    (
      await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, 'jwt'))
    )[0]?.value;
  const existing = await stored();
  if (existing) return existing;
  const earlier = await readFile(join(dataDir, 'jwt-secret'), 'utf8')
    .then((text) => text.trim())
    .catch(() => '');
  const candidate = earlier.length >= 32 ? earlier : randomBytes(48).toString('base64url');
  await db.insert(serverSecrets).values({ name: 'jwt', value: candidate }).onConflictDoNothing();
  const secret = await stored();
  if (!secret) throw new Error('The generated JWT secret could not be stored in server_secrets');
  return secret;
}

/**
 * The caller's row as it is now, read on every request (no cache: a deactivation or deletion made
 * on any instance takes effect on the next request everywhere). A prepared statement, so that
 * this read costs a bind and an execute rather than a query built and parsed each time.
 */
async function findCaller(db: Database, id: number) {
  const [row] = await preparedStatement(db, 'auth_caller', (name) =>
    db
      .select({
        id: users.id,
        role: users.role,
        isActive: users.isActive,
        sessionVersion: users.sessionVersion,
        mustChangePassword: users.mustChangePassword,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  return row;
}

/**
 * Bearer tokens (HS256, 1 hour, payload {sub, role, ver}) and the one gate every /api route
 * passes: secure by default, a route opts out with `config: { public: true }`. Each request
 * re-reads the user, so a deactivated user's token, or one issued before the user signed out
 * (its `ver` behind users.session_version), stops working at once on every instance.
 */
export default fp<AuthPluginOptions>(
  async (app, { secret }) => {
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: '1h' },
      verify: { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] },
      formatUser: (payload) => {
        const verified: VerifiedToken = {
          id: Number(payload.sub),
          role: payload.role,
          sessionVersion: Number.isInteger(payload.ver) ? Number(payload.ver) : 0,
        };
        return verified;
      },
    });

    app.decorate('issueToken', (user: Caller & { sessionVersion: number }) => {
      const issuedAt = app.clock.wallNow();
      const token = app.jwt.sign(
        { sub: String(user.id), role: user.role, ver: user.sessionVersion },
        { clockTimestamp: issuedAt },
      );
      return { token, expiresAt: issuedAt + TOKEN_LIFETIME_MS };
    });

    // The role comes from the verified token (set by the hook below), never from the request.
    app.decorate('requirePermission', (action: Action) => async (request: FastifyRequest) => {
      if (!can(request.user.role, action)) throw new ForbiddenError(refusalOf(action));
    });

    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions;
      // Unknown routes answer 404 whoever asks; only /api routes need a token.
      if (route.url === undefined || !route.url.startsWith(`${API_BASE}/`) || route.config.public) return;

      if (!request.headers.authorization)
        throw new UnauthorizedError('Sign in to continue: no token was sent');
      let claimed: VerifiedToken;
      try {
        claimed = (await request.jwtVerify({ clockTimestamp: app.clock.wallNow() })) as VerifiedToken;
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
        throw new UnauthorizedError(
          expired
            ? 'Your session has expired. Please sign in again.'
            : 'Invalid token. Please sign in again.',
        );
      }
      const user = Number.isInteger(claimed.id) ? await findCaller(app.db, claimed.id) : undefined;
      const refusal = sessionRefusal(user, claimed.sessionVersion);
      if (!user || refusal !== null) throw new UnauthorizedError(refusal ?? SESSION_REFUSALS.noAccount);
      // After an admin's reset the temporary password opens only the way to replace it.
      if (user.mustChangePassword && !route.config.beforePasswordChange)
        throw new ForbiddenError(USER_TEXTS.mustChangePassword);
      request.user = { id: user.id, role: user.role, sessionVersion: user.sessionVersion };
    });
  },
  { name: 'auth', dependencies: ['clock', 'database'] },
);
