import type { PageDeclaration, PageMenuGroup } from '@lender/shared/contract/page-declarations';
import type { LoanListName } from '@lender/shared/contract/loan-lists';
import { appRoutes } from '@lender/shared/contract/routes';

/**
 * This remote's pages, each declared once (docs/product.md#menu, #routes): the build writes their
 * routes and menu into mf-manifest.json (../contributions.ts), the shell mounts their components
 * (exposes/pages.tsx). A new page is one entry here. Menu items after the specification's own in a
 * group (order 70 on) make routes of docs/product.md#routes reachable.
 */

const dashboard: PageMenuGroup = {
  key: 'dashboard',
  section: 'Menu',
  label: 'Dashboard',
  icon: 'DashboardOutlined',
  order: 10,
};
const loans: PageMenuGroup = {
  key: 'loans',
  section: 'Menu',
  label: 'Loans',
  icon: 'BankOutlined',
  order: 30,
};

/** The lists shown by the generic LoanListPage (loan-lists.ts) share one chunk. */
const loanList = (list: LoanListName) => () =>
  import(/* webpackChunkName: "loan-list-page" */ './features/loan-lists/components/loan-list-page').then(
    (module) => ({ default: module.loanListPage(list) }),
  );

export const pageDeclarations = [
  {
    path: appRoutes.dashboard,
    title: 'Dashboard',
    // The first page after sign-in: its heading shows while its chunk loads (the shell's too).
    heading: 'Dashboard',
    menu: { group: dashboard, groupLink: true },
    load: () =>
      import(/* webpackChunkName: "dashboard-page" */ './features/dashboard/components/dashboard-page'),
  },
  {
    path: appRoutes.loanApplication,
    title: 'Loan Application',
    load: () =>
      import(
        /* webpackChunkName: "loan-application-page" */ './features/loan-application/components/loan-application-page'
      ),
  },
  {
    path: appRoutes.pendingLoans,
    title: 'Pending Loan Applications',
    menu: { group: loans, label: 'Pending Applications', order: 70 },
    load: () =>
      import(
        /* webpackChunkName: "pending-applications-page" */ './features/applications/components/pending-applications-page'
      ),
  },
  {
    path: appRoutes.rejectedLoans,
    title: 'Rejected Loan Applications',
    menu: { group: loans, label: 'Rejected Applications', order: 80 },
    // Rejected applications: read-only, most recently rejected first (docs/product.md#applications).
    load: () =>
      import(
        /* webpackChunkName: "rejected-applications-page" */ './features/applications/components/application-list-page'
      ).then((module) => ({ default: module.applicationListPage('rejected') })),
  },
  {
    path: appRoutes.loans,
    title: 'Active Loans',
    menu: { group: loans, label: 'Active Loans', order: 10, alsoActiveOn: [appRoutes.viewLoan('')] },
    load: loanList('active'),
  },
  {
    path: appRoutes.paidLoans,
    title: 'Cleared Loans',
    menu: { group: loans, label: 'Cleared Loans', order: 20 },
    load: loanList('paid'),
  },
  {
    path: appRoutes.pendingDisbursement,
    title: 'Pending Disbursement',
    menu: { group: loans, label: 'Pending Disbursement', order: 90 },
    load: () =>
      import(
        /* webpackChunkName: "pending-disbursement-page" */ './features/pending-disbursement/components/pending-disbursement-page'
      ),
  },
  {
    path: appRoutes.dueToday,
    title: 'Due Today',
    menu: { group: loans, label: 'Due Today', order: 30 },
    load: loanList('dueToday'),
  },
  {
    path: appRoutes.dueTomorrow,
    title: 'Due Tomorrow',
    menu: { group: loans, label: 'Due Tommorrow', order: 40 },
    load: loanList('dueTomorrow'),
  },
  {
    path: appRoutes.due2to7,
    title: 'Due in 2-7 Days',
    menu: { group: loans, label: 'Due 2-7 days', order: 50 },
    load: loanList('due2to7'),
  },
  {
    path: appRoutes.defaulted,
    title: 'Defaulted Loans',
    menu: { group: loans, label: 'Defaulted', order: 60 },
    load: loanList('defaulted'),
  },
  {
    path: appRoutes.loanLists.repossessed,
    title: 'Repossessed Phones',
    menu: { group: loans, label: 'Repossessed Phones', order: 65 },
    load: loanList('repossessed'),
  },
  {
    path: appRoutes.viewLoan(':id'),
    title: 'Loan',
    load: () =>
      import(/* webpackChunkName: "loan-detail-page" */ './features/loan-detail/components/loan-detail-page'),
  },
] as const satisfies readonly PageDeclaration[];
