import { REMOTE_NAMES as CONFIG_REMOTE_NAMES } from '../contract/remotes';
import { REMOTE_AREAS, REMOTE_NAMES, routeMatches } from './remote-pages';

describe('remote names', () => {
  it('names the same remotes as the remotes configuration', () => {
    expect([...REMOTE_NAMES]).toEqual([...CONFIG_REMOTE_NAMES]);
    expect(Object.keys(REMOTE_AREAS).sort()).toEqual([...REMOTE_NAMES].sort());
  });

  it('matches route patterns with static segments and :params, the root only to itself', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/loans')).toBe(false);
    expect(routeMatches('/loans', '/loans/')).toBe(true);
    expect(routeMatches('/viewloan/:id', '/viewloan/12')).toBe(true);
    expect(routeMatches('/viewloan/:id', '/viewloan/')).toBe(false);
    expect(routeMatches('/loans', '/')).toBe(false);
  });
});
