import { lazy, Suspense, type ComponentType } from 'react';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { appRoutes } from '@lender/shared/contract/routes';
import { Flex, Spin } from '@lender/shared/ui/antd';
import { customersApi } from '../api/customers-api';

// Evaluated once, when the shell first loads this remote: the customers api joins the shell's store.
injectApi(customersApi, DATA_TAGS);

/** Each page is its own chunk, fetched the first time its route is shown. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <Flex justify="center">
            <Spin />
          </Flex>
        }
      >
        <Page />
      </Suspense>
    );
  };
}

/** What the shell mounts, keyed by the route patterns of REMOTE_ROUTES for mf_customers. */
export const pages = {
  [appRoutes.customers]: lazyPage(() => import(/* webpackChunkName: "customers-page" */ './customers-page')),
  [appRoutes.registerCustomer]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "register-customer-page" */ '../features/register-customer/components/register-customer-page'
      ),
  ),
} satisfies RemotePagesModule['pages'];
