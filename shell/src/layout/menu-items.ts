import type { ComponentType } from 'react';
import type { Role } from '@lender/shared/domain/roles';
import {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@lender/shared/ui/icons';
import type { Catalog } from '../remotes/remote-catalog';

export interface MenuLink {
  label: string;
  path: string;
  /** Other routes for which this item is the active one (a loan's detail → Active Loans). */
  alsoActiveOn?: string[];
}

export interface MenuEntry {
  key: string;
  /** Heading of the sidebar section the entry sits under. */
  section: 'Menu' | 'Others' | 'Admin';
  label: string;
  icon: ComponentType;
  /** A top-level link (Dashboard)… */
  path?: string;
  /** …or a group of links. */
  items?: MenuLink[];
}

/** The icons a remote may name for its menu group; another name gets the generic one. */
const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
};

/**
 * The entries a role sees: the menu the remotes declared (specification §2.3 in its order and
 * spelling, "Due Tommorrow"), with only the pages the role may open, and a group only when some
 * of its pages remain (the catalog filtered them). Nothing until the catalog is there.
 */
export function menuFor(role: Role | null, catalog: Catalog | null): MenuEntry[] {
  if (!role || !catalog) return [];
  return catalog.menu.map((group) => ({
    key: group.key,
    section: group.section,
    label: group.label,
    icon: MENU_ICONS[group.icon] ?? AppstoreOutlined,
    ...(group.path ? { path: group.path } : {}),
    ...(group.items
      ? {
          items: group.items.map(({ label, path, alsoActiveOn }) => ({
            label,
            path,
            ...(alsoActiveOn ? { alsoActiveOn } : {}),
          })),
        }
      : {}),
  }));
}

export interface MenuPage {
  label: string;
  /** The group it sits in, or null for a top-level link. */
  group: string | null;
  path: string;
}

/** Every page a role can reach from the menu, flat (for the header search). */
export function pagesFor(role: Role | null, catalog: Catalog | null): MenuPage[] {
  return menuFor(role, catalog).flatMap((entry): MenuPage[] =>
    entry.path
      ? [{ label: entry.label, group: null, path: entry.path }]
      : (entry.items ?? []).map((item) => ({ label: item.label, group: entry.label, path: item.path })),
  );
}

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

/** Pages whose name (or group) contains the query, case-insensitively, best matches first. */
export function searchPages(pages: MenuPage[], query: string): MenuPage[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const score = (page: MenuPage) => {
    const label = page.label.toLowerCase();
    if (label.startsWith(needle)) return 0;
    if (label.split(/\s+/).some((word) => word.startsWith(needle))) return 1;
    if (label.includes(needle)) return 2;
    if (page.group?.toLowerCase().includes(needle)) return 3;
    return 4;
  };
  return pages
    .map((page) => ({ page, rank: score(page) }))
    .filter(({ rank }) => rank < 4)
    .sort((a, b) => a.rank - b.rank)
    .map(({ page }) => page);
}
