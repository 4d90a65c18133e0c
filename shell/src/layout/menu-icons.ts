// The icons a remote may name for its menu group, by these names (see menu-entries.ts).
import type { ComponentType } from 'react';
// The whole module: it is a federation singleton, loaded in full whatever is named from it.
import * as icons from '@lender/shared/ui/icons';

const MENU_ICON_NAMES = [
  'AppstoreOutlined',
  'BankOutlined',
  'DashboardOutlined',
  'DollarOutlined',
  'FileTextOutlined',
  'ShoppingOutlined',
  'TeamOutlined',
  'UserOutlined',
] as const;

/** By the name a remote's contributions give (`icon: 'BankOutlined'`); AppstoreOutlined is the fallback. */
export const MENU_ICONS: ReadonlyMap<string, ComponentType> = new Map(
  MENU_ICON_NAMES.map((name) => [name, icons[name]]),
);

export const FALLBACK_MENU_ICON: ComponentType = icons.AppstoreOutlined;
