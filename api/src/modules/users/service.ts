import type { RegisterUserRequest, SessionUser, User, UsersPage } from '@lender/shared/contract/users';
import type { Role } from '@lender/shared/domain/roles';
import { isUniqueViolation } from '../../db/client';
import { ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../domain/errors';
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  strictest,
  throttleDecision,
  tooManyAttemptsMessage,
} from '../../domain/sign-in-throttle';
import type { Caller } from '../../plugins/auth';
import { inspectImage, withFileWrites } from '../files/service';
import { offsetOf, pageMeta } from '../pagination';
import type { ServiceContext } from '../service-context';
import { hashPassword, verifyPassword } from './passwords';
import {
  countUsers,
  endSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  normaliseEmail,
  pruneLoginAttempts,
  recentFailures,
  recordLoginAttempt,
  setAvatar,
  setLastLogin,
  type UserRow,
} from './repository';

export const USERS_PAGE_SIZE = 10;
export const INVALID_CREDENTIALS = 'Invalid email or password';

export function toUser(row: UserRow, ctx: Pick<ServiceContext, 'files'>): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    avatar: ctx.files.signedUrl(row.avatarKey),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

function toSessionUser(row: UserRow, ctx: Pick<ServiceContext, 'files'>): SessionUser {
  const { id, first_name, last_name, email, role, avatar } = toUser(row, ctx);
  return { id, first_name, last_name, email, role, avatar };
}

/** What the audit trail keeps of a user: everything but the password hash. */
function auditView(row: UserRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    avatar_key: row.avatarKey,
    is_active: row.isActive,
  };
}

// Sign-in ----------------------------------------------------------------------------------------

export interface SignInResult {
  token: string;
  expiresAt: number;
  user: SessionUser;
}

/**
 * Signs a staff member in (domain rules §10): one message for a wrong e-mail and a wrong
 * password alike, failures throttled per account and per address, inactive users refused with that
 * same answer.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string; ip: string },
  issueToken: (caller: Caller & { sessionVersion: number }) => { token: string; expiresAt: number },
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const nowMs = ctx.clock.wallNow();
  const at = new Date(nowMs);
  const attempt = (outcome: 'success' | 'failure' | 'blocked') =>
    recordLoginAttempt(ctx.db, { email, ip: input.ip, outcome, at });

  const windowMs = Math.max(ACCOUNT_THROTTLE.windowMs, ADDRESS_THROTTLE.windowMs);
  const failures = await recentFailures(
    ctx.db,
    { email, ip: input.ip },
    new Date(nowMs - windowMs),
    Math.max(ACCOUNT_THROTTLE.limit, ADDRESS_THROTTLE.limit),
  );
  const throttle = strictest([
    throttleDecision(failures.account, nowMs, ACCOUNT_THROTTLE),
    throttleDecision(failures.address, nowMs, ADDRESS_THROTTLE),
  ]);
  if (throttle.blocked) {
    await attempt('blocked');
    throw new TooManyRequestsError(
      tooManyAttemptsMessage(throttle.retryAfterSeconds),
      throttle.retryAfterSeconds,
    );
  }

  const user = await findUserByEmail(ctx.db, email);
  // A deactivated account answers as a wrong password does, whether its password is right or
  // not: a distinct answer for the right one would confirm a guessed password of an account that
  // may be reactivated. The password is verified all the same, so the answer takes as long.
  const verified = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !verified || !user.isActive) {
    await attempt('failure');
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }

  await attempt('success');
  // A sign-in is not a change of state: last_login_at is not audited.
  await setLastLogin(ctx.db, user.id, ctx.clock.now());
  await pruneLoginAttempts(ctx.db, new Date(nowMs - 24 * 60 * 60 * 1000));
  const { token, expiresAt } = issueToken({
    id: user.id,
    role: user.role,
    sessionVersion: user.sessionVersion,
  });
  return { token, expiresAt, user: toSessionUser(user, ctx) };
}

/**
 * Signs the caller out on the server: every token they hold stops working on the next request,
 * on every instance (their session version moves on). Signing out of one device signs out of all.
 */
export async function signOut(ctx: ServiceContext, caller: Caller): Promise<void> {
  await endSessions(ctx.db, caller.id);
}

// Users ------------------------------------------------------------------------------------------

export interface RegisterUserInput extends RegisterUserRequest {
  /** The optional avatar file's bytes (an empty file counts as none). */
  avatar?: Buffer | undefined;
}

/** Creates a staff user (admins only; the route checks the role), with its avatar, in one transaction. */
export async function registerUser(
  ctx: ServiceContext,
  caller: Caller,
  input: RegisterUserInput,
): Promise<User> {
  const email = input.email.trim();
  const conflict = () => new ConflictError(`A user with email ${email} already exists`);
  // Every check before anything is written: a refused request stores nothing.
  const avatar = input.avatar?.length ? await inspectImage(input.avatar, 'avatar') : undefined;
  if (await findUserByEmail(ctx.db, email)) throw conflict();
  const passwordHash = await hashPassword(input.password);

  try {
    const created = await withFileWrites(ctx.files.storage, (files) =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        let user = await insertUser(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          passwordHash,
          role: input.role,
          createdAt: now,
        });
        if (avatar) {
          const key = await files.saveImage(
            tx,
            avatar,
            { entity: 'user', id: user.id, purpose: 'avatar', createdBy: caller.id },
            now,
          );
          user = await setAvatar(tx, user.id, key);
        }
        await ctx.audit.record(tx, {
          actorId: caller.id,
          action: 'user.created',
          entity: 'user',
          entityId: user.id,
          after: auditView(user),
        });
        return user;
      }),
    );
    return toUser(created, ctx);
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict();
    throw error;
  }
}

export async function listUsersPage(ctx: ServiceContext, page: number): Promise<UsersPage> {
  const request = { page, pageSize: USERS_PAGE_SIZE };
  const [rows, total] = await Promise.all([listUsers(ctx.db, offsetOf(request)), countUsers(ctx.db)]);
  return { data: rows.map((row) => toUser(row, ctx)), meta: pageMeta(request, total) };
}

/** An admin reads anyone; an officer only themselves (another id is 404, so ids cannot be probed). */
export async function getUser(ctx: ServiceContext, caller: Caller, id: number): Promise<User> {
  const row = caller.role === 'admin' || caller.id === id ? await findUserById(ctx.db, id) : undefined;
  if (!row) throw new NotFoundError(`User ${id} not found`);
  return toUser(row, ctx);
}

/**
 * Creates a user on the system's behalf (the first admin, seed data), audited with no actor.
 * Returns false when a user with that e-mail already exists.
 */
export async function createSystemUser(
  ctx: ServiceContext,
  user: { email: string; password: string; role: Role; firstName: string; lastName: string },
  reason: string,
): Promise<boolean> {
  if (await findUserByEmail(ctx.db, user.email)) return false;
  const passwordHash = await hashPassword(user.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email.trim(),
        passwordHash,
        role: user.role,
        createdAt: ctx.clock.now(),
      });
      await ctx.audit.record(tx, {
        actorId: null,
        action: 'user.created',
        entity: 'user',
        entityId: created.id,
        after: { ...auditView(created), reason },
      });
    });
    return true;
  } catch (error) {
    // Another instance created it at the same moment.
    if (isUniqueViolation(error, 'users_email_lower_key')) return false;
    throw error;
  }
}

/**
 * On an empty database, creates the first admin from configuration. Returns whether it did.
 * Several instances starting together are safe: the unique e-mail lets one win.
 */
export async function ensureFirstAdmin(
  ctx: ServiceContext,
  admin: { email: string; password: string },
): Promise<boolean> {
  if ((await countUsers(ctx.db)) > 0) return false;
  return createSystemUser(
    ctx,
    { ...admin, role: 'admin', firstName: 'Admin', lastName: 'User' },
    'first admin, created on an empty database',
  );
}
