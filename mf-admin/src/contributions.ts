import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import { appRoutes } from '@lender/shared/contract/routes';
import { rolesFor } from '@lender/shared/domain/permissions';
import { menuGroup } from '@lender/shared/ui/menu-group';

/**
 * What this remote adds to the product: its routes and menu items (docs/product.md#menu, #routes). The
 * build puts it into mf-manifest.json; the shell reads it at run time. Every page here is for
 * admins only, and the remotes configuration lets only admins load this remote at all.
 */
export const contributions: RemoteContributions = {
  routes: [
    { path: appRoutes.signup, title: 'Add User', roles: rolesFor('users.create') },
    { path: appRoutes.allUsers, title: 'All Users', roles: rolesFor('users.list') },
    { path: appRoutes.targets, title: 'Monthly Targets', roles: rolesFor('targets.set') },
  ],
  menu: [
    menuGroup({ key: 'users', section: 'Admin', label: 'Users', icon: 'UserOutlined', order: 70 }, [
      ['Add User', appRoutes.signup],
      ['All Users', appRoutes.allUsers],
      // added
      ['Monthly Targets', appRoutes.targets],
    ]),
  ],
  tags: [...DATA_TAGS],
};
