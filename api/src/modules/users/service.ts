import {
  USER_TEXTS,
  type ChangeOwnPasswordRequest,
  type RegisterUserRequest,
  type SessionUser,
  type UpdateUserRequest,
  type User,
  type OfficerOption,
  type UsersPage,
} from '@lender/shared/contract/users';
import { can } from '@lender/shared/domain/permissions';
import type { Role } from '@lender/shared/domain/roles';
import { isUniqueViolation, type Executor } from '../../db/client';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../domain/errors';
import { SESSION_REFUSALS, sessionRefusal } from '../../domain/session';
import { tooManyAttemptsMessage } from '../../domain/sign-in-throttle';
import type { Caller } from '../../plugins/auth';
import { inspectImage, withFileWrites } from '../files/service';
import { EXPORT_BATCH_ROWS, offsetOf, pageMeta, pageRequest } from '../pagination';
import type { ServiceContext } from '../service-context';
import { reserveSignInAttempt, settleSignInAttempt } from '../sign-in-throttles/service';
import { hashPassword, verifyPassword } from './passwords';
import {
  countUsers,
  listOfficers,
  type UserListFilter,
  endSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  lockActiveAdmins,
  lockUser,
  normaliseEmail,
  pruneLoginAttempts,
  recordLoginAttempt,
  setAvatar,
  setLastLogin,
  updateUserRow,
  type UserRow,
} from './repository';

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The fields a user's view (toUser) and its audit record (auditView) show alike. */
const userFields = (row: UserRow) => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  role: row.role,
});

export function toUser(row: UserRow, ctx: Pick<ServiceContext, 'files'>): User {
  return {
    ...userFields(row),
    avatar: ctx.files.signedUrl(row.avatarKey),
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    must_change_password: row.mustChangePassword,
  };
}

function toSessionUser(row: UserRow, ctx: Pick<ServiceContext, 'files'>): SessionUser {
  const { id, first_name, last_name, email, role, avatar, must_change_password } = toUser(row, ctx);
  return { id, first_name, last_name, email, role, avatar, must_change_password };
}

/** What the audit trail keeps of a user: everything but the password hash. */
function auditView(row: UserRow) {
  return {
    ...userFields(row),
    avatar_key: row.avatarKey,
    is_active: row.isActive,
    must_change_password: row.mustChangePassword,
  };
}

// Sign-in ----------------------------------------------------------------------------------------

export interface SignInResult {
  token: string;
  expiresAt: number;
  user: SessionUser;
}

type IssueToken = (caller: Caller & { sessionVersion: number }) => { token: string; expiresAt: number };

/** The sign-in history is kept this long. */
const LOGIN_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Checks a password under the sign-in throttle (domain/sign-in-throttle.ts): the attempt is
 * counted as a failure before the password is verified, and given back only when it is right.
 * Throws 429 while the (account, address) pair or the address waits.
 */
async function verifyThrottled(
  ctx: ServiceContext,
  attempt: { email: string; ip: string; password: string },
  user: UserRow | undefined,
): Promise<boolean> {
  const reservation = await reserveSignInAttempt(ctx, attempt);
  const at = new Date(ctx.clock.wallNow());
  const log = (outcome: 'success' | 'failure' | 'blocked') =>
    recordLoginAttempt(ctx.db, { email: attempt.email, ip: attempt.ip, outcome, at });
  if (!reservation.admitted) {
    // One history row for each wait, not for every refused attempt (they are counted instead);
    // then the history past its 30 days goes, as after a sign-in (a flood that never signs in
    // would otherwise keep it).
    if (reservation.firstOfWait) {
      await log('blocked');
      await pruneLoginAttempts(ctx.db, new Date(ctx.clock.wallNow() - LOGIN_HISTORY_MS));
    }
    throw new TooManyRequestsError(
      tooManyAttemptsMessage(reservation.retryAfterSeconds),
      reservation.retryAfterSeconds,
    );
  }
  // A deactivated account answers as a wrong password does, whether its password is right or
  // not: a distinct answer for the right one would confirm a guessed password of an account that
  // may be reactivated. The password is verified all the same, so the answer takes as long.
  let verified = false;
  try {
    verified = (await verifyPassword(user?.passwordHash, attempt.password)) && user?.isActive === true;
  } finally {
    await settleSignInAttempt(ctx, reservation, verified);
  }
  await log(verified ? 'success' : 'failure');
  return verified;
}

/**
 * Signs a staff member in (docs/product.md#users-and-sign-in): one message for a wrong e-mail and a wrong
 * password alike, failures throttled per (account, address) and per address, inactive users
 * refused with that same answer.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string; ip: string },
  issueToken: IssueToken,
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  // Unknown e-mails go through the same throttle and the same hashing as known ones.
  const verified = await verifyThrottled(ctx, { email, ip: input.ip, password: input.password }, user);
  if (!user || !verified) throw new UnauthorizedError(INVALID_CREDENTIALS);
  // A sign-in is not a change of state: last_login_at is not audited.
  await setLastLogin(ctx.db, user.id, ctx.clock.now());
  await pruneLoginAttempts(ctx.db, new Date(ctx.clock.wallNow() - LOGIN_HISTORY_MS));
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

/**
 * A new one-hour token for the bearer of a valid one (the shell asks while the person works,
 * docs/product.md#states): the same user, their role as it is now, the same session version. The
 * row is locked and the token's version checked again, so a sign-out, deactivation or reset that
 * lands at the same moment is never outlived by the new token. The older token is not revoked
 * (other tabs still hold it); it ends at its own expiry.
 */
export async function renewSession(
  ctx: ServiceContext,
  caller: Caller & { sessionVersion: number },
  issueToken: IssueToken,
): Promise<SignInResult> {
  const user = await ctx.db.transaction(async (tx) => {
    const row = await lockUser(tx, caller.id);
    const refusal = sessionRefusal(row, caller.sessionVersion);
    if (!row || refusal !== null) throw new UnauthorizedError(refusal ?? SESSION_REFUSALS.noAccount);
    return row;
  });
  const { token, expiresAt } = issueToken({
    id: user.id,
    role: user.role,
    sessionVersion: user.sessionVersion,
  });
  return { token, expiresAt, user: toSessionUser(user, ctx) };
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
  const conflict = () => new ConflictError(`A user with email ${email} already exists`, 'email');
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

export async function listUsersPage(
  ctx: ServiceContext,
  page: number,
  filter: UserListFilter = {},
): Promise<UsersPage> {
  const request = pageRequest(page);
  const [rows, total] = await Promise.all([
    listUsers(ctx.db, filter, offsetOf(request)),
    countUsers(ctx.db, filter),
  ]);
  return { data: rows.map((row) => toUser(row, ctx)), meta: pageMeta(request, total) };
}

/**
 * The whole staff list (its role filter and order as on screen) in batches, for its CSV export.
 * Staff are tens, not millions: offset batches are short here.
 */
export async function* userListBatches(ctx: ServiceContext, filter: UserListFilter = {}) {
  for (let offset = 0; ; offset += EXPORT_BATCH_ROWS) {
    const rows = await listUsers(ctx.db, filter, { limit: EXPORT_BATCH_ROWS, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
  }
}

/** Every officer by name, for an admin's officer filter on the lists. */
export async function listOfficerOptions(ctx: ServiceContext): Promise<OfficerOption[]> {
  const rows = await listOfficers(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    is_active: row.isActive,
  }));
}

/** Who may list users reads anyone; others only themselves (another id is 404, so ids cannot be probed). */
export async function getUser(ctx: ServiceContext, caller: Caller, id: number): Promise<User> {
  const row = can(caller.role, 'users.list') || caller.id === id ? await findUserById(ctx.db, id) : undefined;
  if (!row) throw new NotFoundError(`User ${id} not found`);
  return toUser(row, ctx);
}

// Managing users (admins) --------------------------------------------------------------------------

/** Refuses a change that would leave no active admin. Call with the admins locked first. */
async function keepAnActiveAdmin(tx: Executor, losing: number): Promise<void> {
  const admins = await lockActiveAdmins(tx);
  if (!admins.some((admin) => admin.id !== losing)) throw new ConflictError(USER_TEXTS.lastAdmin);
}

/**
 * One admin change to a user, in one transaction with its audit entry. The active admins are
 * locked before the user, always in that order, so that simultaneous changes take turns.
 */
async function changeUser(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  action: string,
  change: (tx: Executor, row: UserRow) => Promise<UserRow | undefined>,
  options: { mayLoseAdmin: boolean },
): Promise<User> {
  const changed = await ctx.db.transaction(async (tx) => {
    const admins = options.mayLoseAdmin ? await lockActiveAdmins(tx) : undefined;
    const row = await lockUser(tx, id);
    if (!row) throw new NotFoundError(`User ${id} not found`);
    // eslint-disable-next-line no-restricted-syntax -- the edited user's role (one active admin must stay)
    if (admins && row.role === 'admin' && row.isActive) await keepAnActiveAdmin(tx, row.id);
    const after = await change(tx, row);
    // Nothing to change (already so): nothing written, nothing audited.
    if (!after) return row;
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action,
      entity: 'user',
      entityId: row.id,
      before: auditView(row),
      after: auditView(after),
    });
    return after;
  });
  return toUser(changed, ctx);
}

/** Edits a user's name and role. Demoting the last active admin is refused. */
export function updateUser(ctx: ServiceContext, caller: Caller, id: number, input: UpdateUserRequest) {
  // eslint-disable-next-line no-restricted-syntax -- the new role of the edited user, not the caller's
  const demotes = input.role !== undefined && input.role !== 'admin';
  return changeUser(
    ctx,
    caller,
    id,
    'user.updated',
    async (tx, row) => {
      const changes = {
        ...(input.firstName !== undefined && input.firstName !== row.firstName
          ? { firstName: input.firstName }
          : {}),
        ...(input.lastName !== undefined && input.lastName !== row.lastName
          ? { lastName: input.lastName }
          : {}),
        ...(input.role !== undefined && input.role !== row.role ? { role: input.role } : {}),
      };
      return Object.keys(changes).length ? updateUserRow(tx, row.id, changes) : undefined;
    },
    { mayLoseAdmin: demotes },
  );
}

/** Deactivates a user and ends their sessions at once. Not oneself; not the last active admin. */
export function deactivateUser(ctx: ServiceContext, caller: Caller, id: number) {
  if (id === caller.id) throw new ConflictError(USER_TEXTS.ownAccount);
  return changeUser(
    ctx,
    caller,
    id,
    'user.deactivated',
    async (tx, row) =>
      row.isActive ? updateUserRow(tx, row.id, { isActive: false, endSessions: true }) : undefined,
    { mayLoseAdmin: true },
  );
}

export function reactivateUser(ctx: ServiceContext, caller: Caller, id: number) {
  return changeUser(
    ctx,
    caller,
    id,
    'user.reactivated',
    async (tx, row) => (row.isActive ? undefined : updateUserRow(tx, row.id, { isActive: true })),
    { mayLoseAdmin: false },
  );
}

/**
 * Sets a temporary password an admin hands over: the user's sessions end, and until they choose
 * their own password the server lets them do nothing else (plugins/auth.ts).
 */
export async function resetPassword(ctx: ServiceContext, caller: Caller, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  return changeUser(
    ctx,
    caller,
    id,
    'user.password_reset',
    (tx, row) => updateUserRow(tx, row.id, { passwordHash, mustChangePassword: true, endSessions: true }),
    { mayLoseAdmin: false },
  );
}

/**
 * The caller changes their own password, proving the current one (throttled as a sign-in is).
 * Every session ends, so a token taken with the old password dies with it; the answer carries a
 * new session for the device that made the change.
 */
export async function changeOwnPassword(
  ctx: ServiceContext,
  caller: Caller,
  input: ChangeOwnPasswordRequest & { ip: string },
  issueToken: IssueToken,
): Promise<SignInResult> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
  const attempt = { email: normaliseEmail(user.email), ip: input.ip, password: input.currentPassword };
  if (!(await verifyThrottled(ctx, attempt, user))) {
    throw new ValidationError([{ field: 'currentPassword', msg: USER_TEXTS.wrongCurrentPassword }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockUser(tx, user.id);
    if (!row) throw new UnauthorizedError('Your account no longer exists. Please sign in again.');
    const after = await updateUserRow(tx, row.id, {
      passwordHash,
      mustChangePassword: false,
      endSessions: true,
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'user.password_changed',
      entity: 'user',
      entityId: row.id,
      before: auditView(row),
      after: auditView(after),
    });
    return after;
  });
  const { token, expiresAt } = issueToken({
    id: changed.id,
    role: changed.role,
    sessionVersion: changed.sessionVersion,
  });
  return { token, expiresAt, user: toSessionUser(changed, ctx) };
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

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { listOfficers } from './repository';
