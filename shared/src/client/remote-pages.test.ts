import { routeMatches } from './remote-pages';

describe('routeMatches', () => {
  it('matches route patterns with static segments and :params, the root only to itself', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/loans')).toBe(false);
    expect(routeMatches('/loans', '/loans/')).toBe(true);
    expect(routeMatches('/viewloan/:id', '/viewloan/12')).toBe(true);
    expect(routeMatches('/viewloan/:id', '/viewloan/')).toBe(false);
    expect(routeMatches('/loans', '/')).toBe(false);
  });
});
