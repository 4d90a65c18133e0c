import { createElement } from 'react';

/**
 * Jest's stand-in for the remotes, used by `jest.mock('…/remotes/load-remote-pages')` without a
 * factory: the shell's own pages are under test, so every remote is one Dashboard page at "/".
 */
export const loadRemotePages = jest.fn(async () => ({
  pages: { '/': () => createElement('h1', null, 'Dashboard') },
}));
export const prepareRetry = jest.fn();
