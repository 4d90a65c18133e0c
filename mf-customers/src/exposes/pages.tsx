import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { appRoutes } from '@lender/shared/contract/routes';
import { lazyPage } from '@lender/shared/ui/lazy-page.tsx';
import { customersApi } from '../api/customers-api';

// Evaluated once, when the shell first loads this remote: the customers api joins the shell's store.
injectApi(customersApi, DATA_TAGS);

/** What the shell mounts, keyed by the route patterns this remote declares (../contributions.ts). */
export const pages = {
  [appRoutes.customers]: lazyPage(() => import(/* webpackChunkName: "customers-page" */ './customers-page')),
  [appRoutes.registerCustomer]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "register-customer-page" */ '../features/register-customer/components/register-customer-page'
      ),
  ),
  [appRoutes.customerPage(':id')]: lazyPage(
    () =>
      import(/* webpackChunkName: "customer-page" */ '../features/customer-page/components/customer-page'),
  ),
} satisfies RemotePagesModule['pages'];
