import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { SortOrder } from '@lender/shared/contract/common';
import type { UserSort } from '@lender/shared/contract/users';
import type { Role } from '@lender/shared/domain/roles';
import type { Executor } from '../../db/client';
import { findById, insertRow, updateById } from '../../db/rows';
import { sortOrderBy } from '../pagination';
import { loginAttempts, users, type LOGIN_OUTCOMES } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The email as compared: trimmed and lower-cased (uniqueness is on lower(email)). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const findUserById = (tx: Executor, id: number): Promise<UserRow | undefined> =>
  findById(tx, users, id);

export async function findUserByEmail(tx: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return row;
}

export const insertUser = (tx: Executor, row: NewUserRow): Promise<UserRow> => insertRow(tx, users, row);

export const setAvatar = (tx: Executor, id: number, avatarKey: string): Promise<UserRow> =>
  updateById(tx, users, id, { avatarKey }, 'User');

export async function setLastLogin(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
}

/** Ends every session of the user: their tokens' version falls behind (plugins/auth.ts). */
export async function endSessions(tx: Executor, id: number): Promise<void> {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id));
}

/** Which users the list shows and in which order. Staff are few: no index is needed for the sorts. */
export interface UserListFilter {
  role?: Role | undefined;
  sort?: UserSort | undefined;
  order?: SortOrder | undefined;
}

const userListCondition = (filter: UserListFilter) => (filter.role ? eq(users.role, filter.role) : undefined);

export async function countUsers(tx: Executor, filter: UserListFilter = {}): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(users).where(userListCondition(filter));
  return row?.total ?? 0;
}

/** Newest first unless sorted; id breaks ties (users created in the same instant, same names). */
export async function listUsers(
  tx: Executor,
  filter: UserListFilter,
  page: { limit: number; offset: number },
): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(userListCondition(filter))
    .orderBy(
      ...sortOrderBy(
        {
          name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
          email: sql`lower(${users.email})`,
          role: users.role,
          created: users.createdAt,
          last_login: users.lastLoginAt,
        },
        filter,
        users.id,
        [desc(users.createdAt), desc(users.id)],
      ),
    )
    .limit(page.limit)
    .offset(page.offset);
}

/** Every officer by name (for the lists' officer filter). */
export async function listOfficers(tx: Executor): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(eq(users.role, 'officer'))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Locks the user's row until the transaction ends. */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Locks every active admin (in id order, so that two transactions never wait on each other in a
 * circle): while one admin is being demoted or deactivated, no other such change can count the
 * same admins, and the last one cannot be lost to two changes at once.
 */
export async function lockActiveAdmins(tx: Executor): Promise<{ id: number }[]> {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
}

export async function updateUserRow(
  tx: Executor,
  id: number,
  changes: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'role' | 'isActive' | 'passwordHash' | 'mustChangePassword'>
  > & {
    /** End every session of the user in the same write. */
    endSessions?: boolean;
  },
): Promise<UserRow> {
  const { endSessions: end, ...columns } = changes;
  const sessions = end ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {};
  return updateById(tx, users, id, { ...columns, ...sessions }, 'User');
}

// Sign-in history ---------------------------------------------------------------------------------

export async function recordLoginAttempt(
  tx: Executor,
  attempt: { email: string; ip: string; outcome: (typeof LOGIN_OUTCOMES)[number]; at: Date },
): Promise<void> {
  await tx.insert(loginAttempts).values({
    email: attempt.email,
    ip: attempt.ip,
    outcome: attempt.outcome,
    attemptedAt: attempt.at,
  });
}

/** The sign-in history is kept for 30 days; pruned now and then. */
export async function pruneLoginAttempts(tx: Executor, olderThan: Date): Promise<void> {
  await tx.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, olderThan));
}
