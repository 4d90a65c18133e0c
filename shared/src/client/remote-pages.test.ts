import { REMOTE_NAMES as CONFIG_REMOTE_NAMES } from '../contract/remotes';
import { appRoutes } from '../contract/routes';
import { REMOTE_AREAS, REMOTE_NAMES, REMOTE_ROUTES } from './remote-pages';

describe('remote routes', () => {
  it('names the same remotes as the remotes configuration', () => {
    expect([...REMOTE_NAMES]).toEqual([...CONFIG_REMOTE_NAMES]);
    expect(Object.keys(REMOTE_AREAS).sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('gives every route of the specification §2.4 outside the shell to exactly one remote', () => {
    const shellRoutes: string[] = [appRoutes.signin, appRoutes.profile];
    const remoteRoutes = (Object.values(appRoutes) as unknown[])
      .filter((route): route is string => typeof route === 'string' && !shellRoutes.includes(route))
      .concat('/viewloan/:id');
    const owned = REMOTE_ROUTES.map((route) => route.path);
    expect([...owned].sort()).toEqual([...remoteRoutes].sort());
  });

  it('makes exactly the mf_admin routes admin-only', () => {
    for (const route of REMOTE_ROUTES) expect(Boolean(route.adminOnly)).toBe(route.remote === 'mf_admin');
  });
});
