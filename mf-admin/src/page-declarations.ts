import type { PageDeclaration, PageMenuGroup } from '@lender/shared/contract/page-declarations';
import { appRoutes } from '@lender/shared/contract/routes';

/**
 * This remote's pages, each declared once (docs/product.md#menu, #routes): the build writes their
 * routes and menu into mf-manifest.json (../contributions.ts), the shell mounts their components
 * (exposes/pages.tsx). A new page is one entry here. Every page here is for admins only, and the
 * remotes configuration lets only admins load this remote at all.
 */

const users: PageMenuGroup = {
  key: 'users',
  section: 'Admin',
  label: 'Users',
  icon: 'UserOutlined',
  order: 70,
};

export const pageDeclarations = [
  {
    path: appRoutes.signup,
    title: 'Add User',
    menu: { group: users, label: 'Add User', order: 10 },
    permission: 'users.create',
    load: () =>
      import(/* webpackChunkName: "create-user-page" */ './features/users/components/create-user-page'),
  },
  {
    path: appRoutes.allUsers,
    title: 'All Users',
    menu: { group: users, label: 'All Users', order: 20 },
    permission: 'users.list',
    load: () =>
      import(/* webpackChunkName: "users-list-page" */ './features/users/components/users-list-page'),
  },
  {
    path: appRoutes.targets,
    title: 'Monthly Targets',
    // added
    menu: { group: users, label: 'Monthly Targets', order: 30 },
    permission: 'targets.set',
    load: () => import(/* webpackChunkName: "targets-page" */ './features/targets/components/targets-page'),
  },
] as const satisfies readonly PageDeclaration[];
