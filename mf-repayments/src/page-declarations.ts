import type { PageDeclaration, PageMenuGroup } from '@lender/shared/contract/page-declarations';
import type { RepaymentListName } from '@lender/shared/contract/repayment-lists';
import { appRoutes } from '@lender/shared/contract/routes';

/**
 * This remote's pages, each declared once (docs/product.md#menu, #routes): the build writes their
 * routes and menu into mf-manifest.json (../contributions.ts), the shell mounts their components
 * (exposes/pages.tsx). A new page is one entry here. Menu items after the specification's own in a
 * group ("added") make routes of docs/product.md#routes reachable.
 */

const repayments: PageMenuGroup = {
  key: 'repayments',
  section: 'Others',
  label: 'Repayments',
  icon: 'DollarOutlined',
  order: 40,
};
const loanProducts: PageMenuGroup = {
  key: 'loan-products',
  section: 'Others',
  label: 'Loan Products',
  icon: 'ShoppingOutlined',
  order: 50,
};
const reports: PageMenuGroup = {
  key: 'reports',
  section: 'Others',
  label: 'Reports',
  icon: 'FileTextOutlined',
  order: 60,
};

/** The lists shown by the generic RepaymentListPage (repayment-lists.ts) share one chunk. */
const repaymentList = (list: RepaymentListName) => () =>
  import(
    /* webpackChunkName: "repayment-lists" */ './features/repayments/components/repayment-list-page'
  ).then((module) => ({ default: module.repaymentListPage(list) }));

/** The two monthly pages share one chunk. */
const monthlyPage = (name: 'MonthlyDisbursementPage' | 'MonthlyCollectionPage') => () =>
  import(/* webpackChunkName: "monthly-pages" */ './features/monthly/components/monthly-pages').then(
    (module) => ({ default: module[name] }),
  );

export const pageDeclarations = [
  {
    path: appRoutes.pendingRepayments,
    title: 'Pending Repayments',
    menu: { group: repayments, label: 'Pending Repayments', order: 10 },
    load: repaymentList('pending'),
  },
  {
    path: appRoutes.approvedRepayments,
    title: 'Approved Repayments',
    menu: { group: repayments, label: 'Approved Repayment', order: 20 },
    load: repaymentList('approved'),
  },
  {
    path: appRoutes.repayments,
    title: 'All Repayments',
    // added
    menu: { group: repayments, label: 'All Repayments', order: 30 },
    load: repaymentList('all'),
  },
  {
    path: appRoutes.mpesaSuspense,
    title: 'M-Pesa Suspense',
    // Admins only: the item shows when its route may be opened (the route's roles).
    menu: { group: repayments, label: 'M-Pesa Suspense', order: 40 },
    permission: 'mpesa.suspense',
    load: () =>
      import(
        /* webpackChunkName: "mpesa-suspense-page" */ './features/mpesa-suspense/components/mpesa-suspense-page'
      ),
  },
  {
    path: appRoutes.addProduct,
    title: 'Add Product',
    menu: { group: loanProducts, label: 'Add Product', order: 10 },
    permission: 'products.create',
    load: () =>
      import(/* webpackChunkName: "add-product-page" */ './features/products/components/add-product-page'),
  },
  {
    path: appRoutes.loanProducts,
    title: 'Loan Products',
    menu: { group: loanProducts, label: 'All Products', order: 20 },
    load: () =>
      import(
        /* webpackChunkName: "loan-products-page" */ './features/products/components/loan-products-page'
      ),
  },
  {
    path: appRoutes.loanReport,
    title: 'Loan Reports',
    menu: { group: reports, label: 'Loan Reports', order: 10 },
    load: () =>
      import(/* webpackChunkName: "loan-report-page" */ './features/loan-report/components/loan-report-page'),
  },
  {
    path: appRoutes.monthlyActiveLoans,
    title: 'Monthly Disbursement',
    // added
    menu: { group: reports, label: 'Monthly Disbursement', order: 20 },
    load: monthlyPage('MonthlyDisbursementPage'),
  },
  {
    path: appRoutes.monthlyApprovedRepayments,
    title: 'Monthly Collection',
    // added
    menu: { group: reports, label: 'Monthly Collection', order: 30 },
    load: monthlyPage('MonthlyCollectionPage'),
  },
] as const satisfies readonly PageDeclaration[];
