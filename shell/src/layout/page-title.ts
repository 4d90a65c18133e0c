import { useEffect } from 'react';
import { routeMatches } from '@lender/shared/client/remote-pages';
import { appRoutes } from '@lender/shared/contract/routes';
import type { Role } from '@lender/shared/domain/roles';
import { pageTitle } from '../app/lender';
import { mayOpenRoute, type Catalog } from '../remotes/remote-catalog';

/** The shell's own pages (the remotes declare theirs). */
const SHELL_PAGE_NAMES: Readonly<Record<string, string>> = {
  [appRoutes.profile]: 'Profile',
  '/blank': 'Blank Page',
  '/basic-tables': 'Basic Tables',
  '/alerts': 'Alerts',
  '/avatars': 'Avatars',
  '/badge': 'Badges',
  '/buttons': 'Buttons',
  '/images': 'Images',
  '/videos': 'Videos',
};

export const NO_ACCESS_NAME = 'No access';
export const NOT_FOUND_NAME = 'Page not found';
export const LOADING_NAME = 'Loading';

/**
 * The name of the page at `pathname` as the router shows it to `role`: a remote page's name, the
 * no-access page for a route closed to the role (router.tsx decides alike), or not found.
 */
export function pageName(pathname: string, role: Role | null, catalog: Catalog | null): string {
  const shellPage = SHELL_PAGE_NAMES[pathname.replace(/(.)\/+$/, '$1')];
  if (shellPage) return shellPage;
  if (!catalog) return LOADING_NAME;
  const route = catalog.routes.find((candidate) => routeMatches(candidate.path, pathname));
  if (route) return mayOpenRoute(route, role) ? route.title : NO_ACCESS_NAME;
  return NOT_FOUND_NAME;
}

/** Names the browser tab after the page, on every navigation (screen readers announce it). */
export function usePageTitle(pathname: string, role: Role | null, catalog: Catalog | null): void {
  useEffect(() => {
    document.title = pageTitle(pageName(pathname, role, catalog));
  }, [pathname, role, catalog]);
}
