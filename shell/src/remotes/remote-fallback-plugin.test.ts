import remoteFallbackPlugin from './remote-fallback-plugin';
import { fallbackError } from './remote-failure';

type Hook = (args: Record<string, unknown>) => unknown;

describe('remote fallback plugin', () => {
  const plugin = remoteFallbackPlugin();
  const errorLoadRemote = plugin.errorLoadRemote as unknown as Hook;

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('turns a failed remote load into a fallback module that carries the error', () => {
    const error = new Error('ScriptExternalLoadError');
    const fallback = errorLoadRemote({ id: 'mf_loans/pages', error, lifecycle: 'onLoad' });
    expect(fallback).toMatchObject({ pages: {} });
    expect(fallbackError(fallback)).toBe(error);
  });

  it('answers nothing at the other stages, which expect a manifest or request arguments', () => {
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare']) {
      expect(errorLoadRemote({ id: 'mf_loans/pages', error: new Error('x'), lifecycle })).toBeUndefined();
    }
  });

  it('always revalidates manifests and leaves other requests alone', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const pluginFetch = plugin.fetch as unknown as (url: string, init: RequestInit) => unknown;
    await pluginFetch('http://localhost/remotes/mf-loans/mf-manifest.json', {});
    expect(fetchSpy).toHaveBeenCalledWith('http://localhost/remotes/mf-loans/mf-manifest.json', {
      cache: 'no-cache',
    });
    expect(pluginFetch('http://localhost/remotes/mf-loans/remoteEntry.js', {})).toBeUndefined();
    expect(fallbackError({ pages: {} })).toBeUndefined();
  });
});
