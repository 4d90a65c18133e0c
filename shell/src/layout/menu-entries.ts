import type { ComponentType } from 'react';
import type { Role } from '@lender/shared/domain/roles';
import type { Catalog } from '../remotes/remote-catalog';
import { FALLBACK_MENU_ICON, MENU_ICONS } from './menu-icons';

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

/** The icon a remote named for its group; another name gets the generic one. */
const iconNamed = (name: string): ComponentType => MENU_ICONS.get(name) ?? FALLBACK_MENU_ICON;

/**
 * The entries a role sees: the menu the remotes declared (docs/product.md#menu in its order and
 * spelling, "Due Tommorrow"), with only the pages the role may open, and a group only when some
 * of its pages remain (the catalog filtered them). Nothing until the catalog is there.
 */
export function menuFor(role: Role | null, catalog: Catalog | null): MenuEntry[] {
  if (!role || !catalog) return [];
  return catalog.menu.map((group) => ({
    key: group.key,
    section: group.section,
    label: group.label,
    icon: iconNamed(group.icon),
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
