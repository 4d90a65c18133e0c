import type { Role } from './roles';

/**
 * The one scope rule (docs/product.md#roles-and-scope): whether a role reads every officer's book
 * (admins) or only its own (officers). The server's book scope (api/src/domain/book-scope.ts) and
 * the browser's lists, filters and pickers (useSeesWholeBook) both read it. What a role may *do*
 * is the permission table's business (permissions.ts), not this rule's.
 */
export function seesWholeBook(role: Role | null | undefined): boolean {
  return role === 'admin';
}
