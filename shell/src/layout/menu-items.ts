import type { ComponentType } from 'react';
import { appRoutes } from '@lender/shared/contract/routes';
import { canOpen } from '@lender/shared/domain/permissions';
import type { Role } from '@lender/shared/domain/roles';
import {
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@lender/shared/ui/icons';

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

/**
 * The sidebar menu of the specification §2.3, in its order and spelling ("Due Tommorrow"), as one
 * table. Items marked "added" are not in the specification's menu: they make routes of §2.4
 * reachable and come after the specified items of their group.
 */
export const MENU: MenuEntry[] = [
  {
    key: 'dashboard',
    section: 'Menu',
    label: 'Dashboard',
    icon: DashboardOutlined,
    path: appRoutes.dashboard,
  },
  {
    key: 'customers',
    section: 'Menu',
    label: 'Customers',
    icon: TeamOutlined,
    items: [
      { label: 'All Customers', path: appRoutes.customers, alsoActiveOn: [appRoutes.loanApplication] },
      { label: 'Register Customer', path: appRoutes.registerCustomer },
    ],
  },
  {
    key: 'loans',
    section: 'Menu',
    label: 'Loans',
    icon: BankOutlined,
    items: [
      { label: 'Active Loans', path: appRoutes.loans, alsoActiveOn: ['/viewloan/'] },
      { label: 'Cleared Loans', path: appRoutes.paidLoans },
      { label: 'Due Today', path: appRoutes.dueToday },
      { label: 'Due Tommorrow', path: appRoutes.dueTomorrow },
      { label: 'Due 2-7 days', path: appRoutes.due2to7 },
      { label: 'Defaulted', path: appRoutes.defaulted },
      // added
      { label: 'Pending Applications', path: appRoutes.pendingLoans },
      { label: 'Rejected Applications', path: appRoutes.rejectedLoans },
      { label: 'Pending Disbursement', path: appRoutes.pendingDisbursement },
    ],
  },
  {
    key: 'repayments',
    section: 'Others',
    label: 'Repayments',
    icon: DollarOutlined,
    items: [
      { label: 'Pending Repayments', path: appRoutes.pendingRepayments },
      { label: 'Approved Repayment', path: appRoutes.approvedRepayments },
      // added
      { label: 'All Repayments', path: appRoutes.repayments },
    ],
  },
  {
    key: 'loan-products',
    section: 'Others',
    label: 'Loan Products',
    icon: ShoppingOutlined,
    items: [
      { label: 'Add Product', path: appRoutes.addProduct },
      { label: 'All Products', path: appRoutes.loanProducts },
    ],
  },
  {
    key: 'reports',
    section: 'Others',
    label: 'Reports',
    icon: FileTextOutlined,
    items: [
      { label: 'Loan Reports', path: appRoutes.loanReport },
      // added
      { label: 'Monthly Disbursement', path: appRoutes.monthlyActiveLoans },
      { label: 'Monthly Collection', path: appRoutes.monthlyApprovedRepayments },
    ],
  },
  {
    key: 'users',
    section: 'Admin',
    label: 'Users',
    icon: UserOutlined,
    items: [
      { label: 'Add User', path: appRoutes.signup },
      { label: 'All Users', path: appRoutes.allUsers },
      // added
      { label: 'Monthly Targets', path: appRoutes.targets },
    ],
  },
];

/**
 * The entries a role sees: only the pages the permission table lets it open, and a group only
 * when some of its pages remain; so the Users group for admins only (specification §2.3, §6), and
 * Add Product, which the server refuses officers, is not offered to them.
 */
export function menuFor(role: Role | null): MenuEntry[] {
  return MENU.flatMap((entry): MenuEntry[] => {
    if (entry.path) return canOpen(role, entry.path) ? [entry] : [];
    const items = (entry.items ?? []).filter((item) => canOpen(role, item.path));
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

export interface MenuPage {
  label: string;
  /** The group it sits in, or null for a top-level link. */
  group: string | null;
  path: string;
}

/** Every page a role can reach from the menu, flat (for the header search). */
export function pagesFor(role: Role | null): MenuPage[] {
  return menuFor(role).flatMap((entry): MenuPage[] =>
    entry.path
      ? [{ label: entry.label, group: null, path: entry.path }]
      : (entry.items ?? []).map((item) => ({ label: item.label, group: entry.label, path: item.path })),
  );
}

/** The menu item the current route belongs to, and the group to open: the active item follows the route. */
export function activeMenuItem(
  pathname: string,
  role: Role | null,
): { path: string; group: string | null } | null {
  for (const entry of menuFor(role)) {
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
