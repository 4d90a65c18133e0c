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

/** Issue 35: the device-lock provider's problems and the SMS to customers. */
const devicesAndMessages: PageMenuGroup = {
  key: 'devices-messages',
  section: 'Admin',
  label: 'Devices & Messages',
  icon: 'MessageOutlined',
  order: 75,
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
  {
    path: appRoutes.deviceAlerts,
    title: 'Device Alerts',
    menu: { group: devicesAndMessages, label: 'Device Alerts', order: 10 },
    permission: 'devices.manage',
    load: () =>
      import(
        /* webpackChunkName: "device-alerts-page" */ './features/device-alerts/components/device-alerts-page'
      ),
  },
  {
    path: appRoutes.messaging,
    title: 'Messaging',
    menu: { group: devicesAndMessages, label: 'Messaging', order: 20 },
    permission: 'messages.templates',
    load: () =>
      import(/* webpackChunkName: "messaging-page" */ './features/messaging/components/messaging-page'),
  },
] as const satisfies readonly PageDeclaration[];
