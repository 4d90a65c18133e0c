import { lazy, Suspense, type ComponentType } from 'react';
import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { appRoutes } from '@lender/shared/contract/routes';
import { Flex, Spin } from '@lender/shared/ui/antd';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { adminApi } from '../api/admin-api';

// Evaluated once, when the shell first loads this remote: the users api joins the shell's store.
injectApi(adminApi, DATA_TAGS);

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

/** What the shell mounts, keyed by the route patterns of REMOTE_ROUTES for mf_admin. */
export const pages = {
  [appRoutes.signup]: lazyPage(
    () => import(/* webpackChunkName: "create-user-page" */ '../features/users/components/create-user-page'),
  ),
  [appRoutes.allUsers]: lazyPage(
    () => import(/* webpackChunkName: "users-list-page" */ '../features/users/components/users-list-page'),
  ),
  [appRoutes.targets]: lazyPage(
    () => import(/* webpackChunkName: "targets-page" */ '../features/targets/components/targets-page'),
  ),
} satisfies RemotePagesModule['pages'];
