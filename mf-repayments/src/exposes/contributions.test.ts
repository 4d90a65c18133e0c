import { remoteContributionsSchema } from '@lender/shared/contract/remote-manifest';
import { contributions } from '../contributions';
import { pages } from './pages';

describe('what this remote declares to the shell', () => {
  it('matches the contract (the build checks the same)', () => {
    expect(remoteContributionsSchema.parse(contributions)).toEqual(contributions);
  });

  it('has a page for every route it declares, and declares every page', () => {
    expect(Object.keys(pages).sort()).toEqual(contributions.routes.map((route) => route.path).sort());
  });
});
