import { useEffect } from 'react';
import { REMOTE_ROUTES, routeMatches } from '@lender/shared/client/remote-pages';
import { appRoutes } from '@lender/shared/contract/routes';
import { canOpen } from '@lender/shared/domain/permissions';
import type { Role } from '@lender/shared/domain/roles';
import { LENDER_NAME } from '../app/lender';

/** The shell's own pages (the remotes' names are in REMOTE_ROUTES). */
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

/**
 * The name of the page at `pathname` as the router shows it to `role`: a remote page's name, the
 * no-access page for a route closed to the role (router.tsx decides alike), or not found.
 */
export function pageName(pathname: string, role: Role | null): string {
  const route = REMOTE_ROUTES.find((candidate) => routeMatches(candidate.path, pathname));
  if (route) {
    const mayOpen = canOpen(role, route.path) && (!route.adminOnly || role === 'admin');
    return mayOpen ? route.title : NO_ACCESS_NAME;
  }
  return SHELL_PAGE_NAMES[pathname.replace(/(.)\/+$/, '$1')] ?? NOT_FOUND_NAME;
}

export const pageTitle = (name: string) => `${name} · ${LENDER_NAME}`;

/** Names the browser tab after the page, on every navigation (screen readers announce it). */
export function usePageTitle(pathname: string, role: Role | null): void {
  useEffect(() => {
    document.title = pageTitle(pageName(pathname, role));
  }, [pathname, role]);
}
