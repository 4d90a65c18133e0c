import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { appRoutes } from '@lender/shared/contract/routes';
import { lazyPage } from '@lender/shared/ui/lazy-page.tsx';
import { DATA_TAGS } from '@lender/shared/client/data-changed';
import { adminApi } from '../api/admin-api';

// Evaluated once, when the shell first loads this remote: the users api joins the shell's store.
injectApi(adminApi, DATA_TAGS);

/** What the shell mounts, keyed by the route patterns this remote declares (../contributions.ts). */
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
