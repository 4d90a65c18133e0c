import type { ComponentType } from 'react';
import { appRoutes } from '../contract/routes';

/**
 * Federation names of the remotes (valid JS identifiers). The same list as contract/remotes.ts,
 * kept here because that module brings zod, which the sign-in page must not load (a test keeps
 * the two equal).
 */
export const REMOTE_NAMES = ['mf_customers', 'mf_loans', 'mf_repayments', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Human name of each remote's area, for the "could not be loaded" message. */
export const REMOTE_AREAS: Record<RemoteName, string> = {
  mf_customers: 'customers',
  mf_loans: 'loans',
  mf_repayments: 'repayments',
  mf_admin: 'users',
};

/**
 * What each remote exposes as `./pages`: its page components keyed by the route pattern the shell
 * mounts them at. The shell owns the router; a remote only supplies pages (and injects its api
 * slice when the module is first evaluated).
 */
export interface RemotePagesModule {
  pages: Partial<Record<string, ComponentType>>;
}

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  adminOnly?: boolean;
  /**
   * The page's heading, when the shell shows it while the remote loads: the first page after
   * sign-in then paints its heading with the layout, not a few round trips later (its largest
   * text, so its LCP). The page renders the same heading in the same place.
   */
  heading?: string;
  /** The page's name in the browser tab, "Active Loans · Simu Credit" (its heading or menu label). */
  title: string;
}

/** Which remote owns which route (specification §2.4). */
export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: appRoutes.customers, remote: 'mf_customers', title: 'All Customers' },
  { path: appRoutes.registerCustomer, remote: 'mf_customers', title: 'Register Customer' },
  { path: appRoutes.dashboard, remote: 'mf_loans', heading: 'Dashboard', title: 'Dashboard' },
  { path: appRoutes.loanApplication, remote: 'mf_loans', title: 'Loan Application' },
  { path: appRoutes.pendingLoans, remote: 'mf_loans', title: 'Pending Loan Applications' },
  { path: appRoutes.rejectedLoans, remote: 'mf_loans', title: 'Rejected Loan Applications' },
  { path: appRoutes.loans, remote: 'mf_loans', title: 'Active Loans' },
  { path: appRoutes.paidLoans, remote: 'mf_loans', title: 'Cleared Loans' },
  { path: appRoutes.pendingDisbursement, remote: 'mf_loans', title: 'Pending Disbursement' },
  { path: appRoutes.dueToday, remote: 'mf_loans', title: 'Due Today' },
  { path: appRoutes.dueTomorrow, remote: 'mf_loans', title: 'Due Tomorrow' },
  { path: appRoutes.due2to7, remote: 'mf_loans', title: 'Due in 2-7 Days' },
  { path: appRoutes.defaulted, remote: 'mf_loans', title: 'Defaulted Loans' },
  { path: '/viewloan/:id', remote: 'mf_loans', title: 'Loan' },
  { path: appRoutes.pendingRepayments, remote: 'mf_repayments', title: 'Pending Repayments' },
  { path: appRoutes.approvedRepayments, remote: 'mf_repayments', title: 'Approved Repayments' },
  { path: appRoutes.repayments, remote: 'mf_repayments', title: 'All Repayments' },
  { path: appRoutes.addProduct, remote: 'mf_repayments', title: 'Add Product' },
  { path: appRoutes.loanProducts, remote: 'mf_repayments', title: 'Loan Products' },
  { path: appRoutes.loanReport, remote: 'mf_repayments', title: 'Loan Reports' },
  { path: appRoutes.monthlyActiveLoans, remote: 'mf_repayments', title: 'Monthly Disbursement' },
  { path: appRoutes.monthlyApprovedRepayments, remote: 'mf_repayments', title: 'Monthly Collection' },
  { path: appRoutes.signup, remote: 'mf_admin', adminOnly: true, title: 'Add User' },
  { path: appRoutes.allUsers, remote: 'mf_admin', adminOnly: true, title: 'All Users' },
  { path: appRoutes.targets, remote: 'mf_admin', adminOnly: true, title: 'Monthly Targets' },
];

/** Whether a route pattern of REMOTE_ROUTES (static segments and `:param`s) matches a path. */
export function routeMatches(pattern: string, pathname: string): boolean {
  if (pathname === '/' || pathname === '') return pattern === '/';
  const expected = pattern.split('/');
  const actual = pathname.replace(/\/+$/, '').split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) =>
      segment.startsWith(':') ? actual[index] !== '' : segment === actual[index],
    )
  );
}
