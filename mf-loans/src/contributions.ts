import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import { appRoutes } from '@lender/shared/contract/routes';

/**
 * What this remote adds to the product: its routes and menu items (docs/product.md#menu, #routes). The
 * build puts it into mf-manifest.json; the shell reads it at run time, so a page added here goes
 * live with a deploy of this remote alone. Every route needs a page in exposes/pages.tsx.
 * Items after the specification's own in a group ("added") make routes of docs/product.md#routes reachable.
 */
export const contributions: RemoteContributions = {
  routes: [
    { path: appRoutes.dashboard, title: 'Dashboard', heading: 'Dashboard' },
    { path: appRoutes.loanApplication, title: 'Loan Application' },
    { path: appRoutes.pendingLoans, title: 'Pending Loan Applications' },
    { path: appRoutes.rejectedLoans, title: 'Rejected Loan Applications' },
    { path: appRoutes.loans, title: 'Active Loans' },
    { path: appRoutes.paidLoans, title: 'Cleared Loans' },
    { path: appRoutes.pendingDisbursement, title: 'Pending Disbursement' },
    { path: appRoutes.dueToday, title: 'Due Today' },
    { path: appRoutes.dueTomorrow, title: 'Due Tomorrow' },
    { path: appRoutes.due2to7, title: 'Due in 2-7 Days' },
    { path: appRoutes.defaulted, title: 'Defaulted Loans' },
    { path: '/viewloan/:id', title: 'Loan' },
  ],
  menu: [
    {
      key: 'dashboard',
      section: 'Menu',
      label: 'Dashboard',
      icon: 'DashboardOutlined',
      order: 10,
      path: appRoutes.dashboard,
    },
    {
      key: 'loans',
      section: 'Menu',
      label: 'Loans',
      icon: 'BankOutlined',
      order: 30,
      items: [
        { label: 'Active Loans', path: appRoutes.loans, order: 10, alsoActiveOn: ['/viewloan/'] },
        { label: 'Cleared Loans', path: appRoutes.paidLoans, order: 20 },
        { label: 'Due Today', path: appRoutes.dueToday, order: 30 },
        { label: 'Due Tommorrow', path: appRoutes.dueTomorrow, order: 40 },
        { label: 'Due 2-7 days', path: appRoutes.due2to7, order: 50 },
        { label: 'Defaulted', path: appRoutes.defaulted, order: 60 },
        // added
        { label: 'Pending Applications', path: appRoutes.pendingLoans, order: 70 },
        { label: 'Rejected Applications', path: appRoutes.rejectedLoans, order: 80 },
        { label: 'Pending Disbursement', path: appRoutes.pendingDisbursement, order: 90 },
      ],
    },
  ],
  tags: [...DATA_TAGS],
};
