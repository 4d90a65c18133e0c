import type { ComponentType } from 'react';
import { valuesOf } from '../domain/value-table';

/**
 * Federation name of each remote (a valid JS identifier) with the human name of its area, for the
 * "could not be loaded" message.
 */
export const REMOTE_AREAS = {
  mf_customers: 'customers',
  mf_loans: 'loans',
  mf_repayments: 'repayments',
  mf_admin: 'users',
};
/**
 * The same list as contract/remotes.ts, kept here because that module brings zod, which the
 * sign-in page must not load (a test keeps the two equal).
 */
export const REMOTE_NAMES = valuesOf(REMOTE_AREAS);
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * What each remote exposes as `./pages`: its page components keyed by the route patterns it
 * declares in its contributions (contract/remote-manifest.ts). The shell owns the router; a remote
 * supplies pages (and injects its api slice when the module is first evaluated).
 */
export interface RemotePagesModule {
  pages: Partial<Record<string, ComponentType>>;
}

/** Whether a route pattern of a remote's declaration (static segments and `:param`s) matches a path. */
export function routeMatches(pattern: string, pathname: string): boolean {
  if (pathname === '/' || pathname === '') return pattern === '/';
  const expected = pattern.split('/');
  const actual = pathname.replace(/\/+$/, '').split('/');
  return (
    expected.length === actual.length &&
    expected.every((segment, index) =>
      segment.startsWith(':') ? actual[index] !== '' : segment === actual[index],
    )
  );
}
