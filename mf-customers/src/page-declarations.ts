import type { PageDeclaration, PageMenuGroup } from '@lender/shared/contract/page-declarations';
import { appRoutes } from '@lender/shared/contract/routes';

/**
 * This remote's pages, each declared once (docs/product.md#menu, #routes): the build writes their
 * routes and menu into mf-manifest.json (../contributions.ts), the shell mounts their components
 * (exposes/pages.tsx). A new page is one entry here.
 */

const customers: PageMenuGroup = {
  key: 'customers',
  section: 'Menu',
  label: 'Customers',
  icon: 'TeamOutlined',
  order: 20,
};

export const pageDeclarations = [
  {
    path: appRoutes.customers,
    title: 'All Customers',
    menu: {
      group: customers,
      label: 'All Customers',
      order: 10,
      // The customer pages (/customers/:id) belong to the list they are opened from.
      alsoActiveOn: [appRoutes.loanApplication, appRoutes.customerPage('')],
    },
    load: () => import(/* webpackChunkName: "customers-page" */ './pages/customers-page'),
  },
  {
    path: appRoutes.registerCustomer,
    title: 'Register Customer',
    menu: { group: customers, label: 'Register Customer', order: 20 },
    load: () =>
      import(
        /* webpackChunkName: "register-customer-page" */ './features/register-customer/components/register-customer-page'
      ),
  },
  {
    path: appRoutes.customerPage(':id'),
    title: 'Customer',
    load: () =>
      import(/* webpackChunkName: "customer-page" */ './features/customer-page/components/customer-page'),
  },
] as const satisfies readonly PageDeclaration[];
