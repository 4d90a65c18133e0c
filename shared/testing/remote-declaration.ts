import { remoteContributionsSchema, type RemoteContributions } from '../src/contract/remote-manifest';

/**
 * The checks every remote runs on what it declares to the shell: the declaration matches the
 * contract (its build checks the same), and its pages and its routes are the same list.
 */
export function describeRemoteDeclaration(
  contributions: RemoteContributions,
  pages: Record<string, unknown>,
): void {
  describe('what this remote declares to the shell', () => {
    it('matches the contract', () => {
      expect(remoteContributionsSchema.parse(contributions)).toEqual(contributions);
    });

    it('has a page for every route it declares, and declares every page', () => {
      expect(Object.keys(pages).sort()).toEqual(contributions.routes.map((route) => route.path).sort());
    });
  });
}
