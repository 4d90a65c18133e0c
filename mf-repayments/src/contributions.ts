import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import { appRoutes } from '@lender/shared/contract/routes';
import { rolesFor } from '@lender/shared/domain/permissions';
import { menuGroup } from '@lender/shared/ui/menu-group';

/**
 * What this remote adds to the product: its routes and menu items (docs/product.md#menu, #routes). The
 * build puts it into mf-manifest.json; the shell reads it at run time, so a page added here goes
 * live with a deploy of this remote alone. Every route needs a page in exposes/pages.tsx.
 * Items after the specification's own in a group ("added") make routes of docs/product.md#routes reachable.
 */
export const contributions: RemoteContributions = {
  routes: [
    { path: appRoutes.pendingRepayments, title: 'Pending Repayments' },
    { path: appRoutes.approvedRepayments, title: 'Approved Repayments' },
    { path: appRoutes.repayments, title: 'All Repayments' },
    { path: appRoutes.mpesaSuspense, title: 'M-Pesa Suspense', roles: rolesFor('mpesa.suspense') },
    { path: appRoutes.addProduct, title: 'Add Product', roles: rolesFor('products.create') },
    { path: appRoutes.loanProducts, title: 'Loan Products' },
    { path: appRoutes.loanReport, title: 'Loan Reports' },
    { path: appRoutes.monthlyActiveLoans, title: 'Monthly Disbursement' },
    { path: appRoutes.monthlyApprovedRepayments, title: 'Monthly Collection' },
  ],
  menu: [
    menuGroup(
      { key: 'repayments', section: 'Others', label: 'Repayments', icon: 'DollarOutlined', order: 40 },
      [
        ['Pending Repayments', appRoutes.pendingRepayments],
        ['Approved Repayment', appRoutes.approvedRepayments],
        // added
        ['All Repayments', appRoutes.repayments],
        // Admins only: the item shows when its route may be opened (the route's roles).
        ['M-Pesa Suspense', appRoutes.mpesaSuspense],
      ],
    ),
    menuGroup(
      {
        key: 'loan-products',
        section: 'Others',
        label: 'Loan Products',
        icon: 'ShoppingOutlined',
        order: 50,
      },
      [
        ['Add Product', appRoutes.addProduct],
        ['All Products', appRoutes.loanProducts],
      ],
    ),
    menuGroup({ key: 'reports', section: 'Others', label: 'Reports', icon: 'FileTextOutlined', order: 60 }, [
      ['Loan Reports', appRoutes.loanReport],
      // added
      ['Monthly Disbursement', appRoutes.monthlyActiveLoans],
      ['Monthly Collection', appRoutes.monthlyApprovedRepayments],
    ]),
  ],
  tags: [...DATA_TAGS],
};
