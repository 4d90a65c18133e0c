import { act, screen } from '@testing-library/react';
import { renderApp, testOfficer } from '../testing/render-app';
import { testRemotesConfig } from '../testing/remotes-config';
import { buildCatalog, forgetCatalog, remotesChangedSince } from './remote-catalog';
import { forgetRemotesConfig } from './remotes-config';
import { UPDATE_CHECK_INTERVAL_MS } from './use-remote-updates';

jest.mock('./load-remote-pages', () => ({
  loadRemotePages: jest.fn(async () => ({ pages: { '/': () => <h1>Dashboard</h1> } })),
  prepareRetry: jest.fn(),
}));

const deployed = () => {
  const config = testRemotesConfig();
  config.remotes[2] = {
    ...config.remotes[2]!,
    entry: '/deployed/mf-repayments/20261125-120000-1a2b3c4d/mf-manifest.json',
    version: '20261125-120000-1a2b3c4d',
  };
  return config;
};

/** The server: this remotes configuration, and nothing else of interest to these tests. */
const serve = (config: unknown) =>
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      String(input instanceof Request ? input.url : input).endsWith('/remotes.config.json')
        ? new Response(JSON.stringify(config), { status: 200 })
        : new Response('{"message":"not here"}', { status: 404 }),
    );

afterEach(() => jest.restoreAllMocks());

describe('a remote deployed while a page is open', () => {
  it('is seen as a change of the mounted remotes; the same configuration is not', async () => {
    forgetCatalog();
    forgetRemotesConfig(testRemotesConfig());
    const catalog = await buildCatalog('officer');
    serve(testRemotesConfig());
    expect(await remotesChangedSince(catalog, 'officer')).toBe(false);
    serve(deployed());
    expect(await remotesChangedSince(catalog, 'officer')).toBe(true);
    // mf_admin changing says nothing to an officer, who does not use it.
    const admin = testRemotesConfig();
    admin.remotes[3] = { ...admin.remotes[3]!, version: 'next' };
    serve(admin);
    expect(await remotesChangedSince(catalog, 'officer')).toBe(false);
  });

  it('offers a Reload once the person comes back to the page after a deploy', async () => {
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    serve(deployed());
    renderApp({ route: '/', user: testOfficer, expiresAt: Date.now() + 3_600_000 });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByText('A new version of the back office is available')).not.toBeInTheDocument();

    now.mockReturnValue(1_000_000 + UPDATE_CHECK_INTERVAL_MS);
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('A new version of the back office is available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
