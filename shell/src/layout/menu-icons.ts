// The icons a remote may name for its menu group, by these names (see menu-entries.ts).
import type { ComponentType } from 'react';
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

/** By the name a remote's contributions give (`icon: 'BankOutlined'`); AppstoreOutlined is the fallback. */
export const MENU_ICONS: ReadonlyMap<string, ComponentType> = new Map(
  Object.entries({
    AppstoreOutlined,
    BankOutlined,
    DashboardOutlined,
    DollarOutlined,
    FileTextOutlined,
    ShoppingOutlined,
    TeamOutlined,
    UserOutlined,
  }),
);

export const FALLBACK_MENU_ICON: ComponentType = AppstoreOutlined;
