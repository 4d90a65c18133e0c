import type { ComponentType } from 'react';
// The remotes' names and areas, from shared/apps.json (which brings no zod, unlike
// contract/remotes.ts: the sign-in page must not load zod).
export { REMOTE_AREAS, REMOTE_NAMES, type RemoteName } from '../apps';

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
