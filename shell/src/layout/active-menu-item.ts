import type { Role } from '@lender/shared/domain/roles';
import type { Catalog } from '../remotes/remote-catalog';
import { menuFor } from './menu-entries';

/** The menu item the current route belongs to, and the group to open: the active item follows the route. */
export function activeMenuItem(
  pathname: string,
  role: Role | null,
  catalog: Catalog | null,
): { path: string; group: string | null } | null {
  for (const entry of menuFor(role, catalog)) {
    if (entry.path === pathname) return { path: entry.path, group: null };
    for (const item of entry.items ?? []) {
      const also = item.alsoActiveOn ?? [];
      if (
        item.path === pathname ||
        also.some((other) => pathname === other || (other.endsWith('/') && pathname.startsWith(other)))
      ) {
        return { path: item.path, group: entry.key };
      }
    }
  }
  return null;
}
