import { remoteContributionsSchema } from '@lender/shared/contract/remote-manifest';
import { appRoutes } from '@lender/shared/contract/routes';
import { PAGE_PERMISSIONS, rolesFor } from '@lender/shared/domain/permissions';
import { testRemotesConfig } from '../testing/remotes-config';

// The four remotes' declarations together: the product the specification describes.
const remotes = testRemotesConfig().remotes;

describe("the remotes' declarations", () => {
  it('match the contract schema (the builds check the same)', () => {
    for (const remote of remotes) expect(remoteContributionsSchema.parse(remote.contributions)).toBeTruthy();
  });

  it('give every route of the docs/product.md#routes outside the shell to exactly one remote', () => {
    const shellRoutes: string[] = [appRoutes.signin, appRoutes.profile];
    const specified = (Object.values(appRoutes) as unknown[])
      .filter((route): route is string => typeof route === 'string' && !shellRoutes.includes(route))
      .concat(appRoutes.viewLoan(':id'), appRoutes.customerPage(':id'));
    const declared = remotes.flatMap(
      (remote) => remote.contributions?.routes.map((route) => route.path) ?? [],
    );
    expect([...declared].sort()).toEqual([...specified].sort());
  });

  it('keep exactly the mf_admin routes and the pages of PAGE_PERMISSIONS role-limited', () => {
    for (const remote of remotes) {
      for (const route of remote.contributions?.routes ?? []) {
        const action = PAGE_PERMISSIONS[route.path];
        if (remote.name === 'mf_admin') expect(route.roles).toEqual(['admin']);
        else if (action) expect(route.roles).toEqual(rolesFor(action));
        else expect(route.roles).toBeUndefined();
      }
    }
  });

  it('put every menu item on a route its own remote declares', () => {
    for (const remote of remotes) {
      const paths = new Set(remote.contributions?.routes.map((route) => route.path));
      const items = remote.contributions?.menu.flatMap((group) => [
        ...(group.path ? [group.path] : []),
        ...(group.items ?? []).map((item) => item.path),
      ]);
      for (const path of items ?? []) expect(paths).toContain(path);
    }
  });
});
