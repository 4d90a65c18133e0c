import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import { appRoutes } from '@lender/shared/contract/routes';

/**
 * What this remote adds to the product: its routes and menu items (docs/product.md#menu, #routes). The
 * build puts it into mf-manifest.json; the shell reads it at run time, so a page added here goes
 * live with a deploy of this remote alone. Every route needs a page in exposes/pages.tsx.
 */
export const contributions: RemoteContributions = {
  routes: [
    { path: appRoutes.customers, title: 'All Customers' },
    { path: appRoutes.registerCustomer, title: 'Register Customer' },
    { path: appRoutes.customerPage(':id'), title: 'Customer' },
  ],
  menu: [
    {
      key: 'customers',
      section: 'Menu',
      label: 'Customers',
      icon: 'TeamOutlined',
      order: 20,
      items: [
        {
          label: 'All Customers',
          path: appRoutes.customers,
          order: 10,
          // The customer pages (/customers/:id) belong to the list they are opened from.
          alsoActiveOn: [appRoutes.loanApplication, appRoutes.customerPage('')],
        },
        { label: 'Register Customer', path: appRoutes.registerCustomer, order: 20 },
      ],
    },
  ],
  tags: [...DATA_TAGS],
};
