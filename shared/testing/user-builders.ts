import type { PageMeta } from '../src/contract/common';
import type { User, UsersPage } from '../src/contract/users';

import { buildPage } from './loan-builders';

let nextId = 100;

/** A staff user as GET /api/users lists it; override what the test is about. */
export function buildUser(overrides: Partial<User> = {}): User {
  nextId += 1;
  return {
    id: nextId,
    first_name: 'Wanjiru',
    last_name: 'Kamau',
    email: `user${nextId}@lender.local`,
    role: 'officer',
    avatar: null,
    is_active: true,
    created_at: '2025-03-14T09:30:00.000Z',
    last_login_at: null,
    must_change_password: false,
    ...overrides,
  };
}

export const buildUsersPage = (users: User[], meta: Partial<PageMeta> = {}): UsersPage =>
  buildPage(users, meta);
