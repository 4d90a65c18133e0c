// The icons a remote may name for its menu group, by these names (see menu-entries.ts).
import type { ComponentType } from 'react';
// Named, not `import * as icons` picked by a string: the icons module is a federation singleton,
// and webpack built the namespace of a shared module with only the names this build imports
// elsewhere, so a name read from the namespace at run time was undefined in production and the menu
// showed the fallback for Dashboard, Customers, Loans, Repayments and Loan Products (issue 34).
import {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  MessageOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@lender/shared/ui/icons';

const ICONS_BY_NAME: Record<string, ComponentType> = {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  MessageOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
};

/** By the name a remote's contributions give (`icon: 'BankOutlined'`); AppstoreOutlined is the fallback. */
export const MENU_ICONS: ReadonlyMap<string, ComponentType> = new Map(Object.entries(ICONS_BY_NAME));

export const FALLBACK_MENU_ICON: ComponentType = AppstoreOutlined;
