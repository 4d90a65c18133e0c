import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';
import { testRemotesConfig } from '../testing/remotes-config';
import { forgetCatalog } from './remote-catalog';
import { forgetRemotesConfig } from './remotes-config';
import { prefetchManifests, resetRemote, syncRemotesWithRole } from './register-remotes';

// A stand-in for the federation runtime: the host's list of registered remotes.
const hostRemotes: { name: string; entry: string }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn((remotes: { name: string; entry: string }[]) => {
    for (const remote of remotes) {
      const index = hostRemotes.findIndex((r) => r.name === remote.name);
      if (index >= 0) hostRemotes.splice(index, 1);
      hostRemotes.push(remote);
    }
  }),
  getInstance: jest.fn(() => ({
    options: { remotes: hostRemotes },
    snapshotHandler: { loadRemoteSnapshotInfo: loadSnapshot },
  })),
}));
// The runtime's manifest fetch (its snapshot handler), recorded by remote.
const loadSnapshot = jest.fn(async (_args: { moduleInfo: { name: string } }) => ({}));

const config = testRemotesConfig();
const registeredNames = () => hostRemotes.map((remote) => remote.name).sort();

let fetchSpy: jest.SpyInstance;
beforeEach(() => {
  forgetCatalog();
  forgetRemotesConfig();
  fetchSpy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(config), { status: 200 }));
});
afterEach(async () => {
  await syncRemotesWithRole(null);
  jest.mocked(registerRemotes).mockClear();
  jest.restoreAllMocks();
});

describe('remote registration by role', () => {
  it('registers every remote for an admin', async () => {
    await syncRemotesWithRole('admin');
    expect(registeredNames()).toEqual(['mf_admin', 'mf_customers', 'mf_loans', 'mf_repayments']);
    expect(fetchSpy).toHaveBeenCalledWith('/remotes.config.json', { cache: 'no-cache' });
  });

  it('never registers mf_admin for an officer', async () => {
    await syncRemotesWithRole('officer');
    expect(registeredNames()).toEqual(['mf_customers', 'mf_loans', 'mf_repayments']);
  });

  it('keeps mf_admin admin-only even when the file forgets its roles', async () => {
    fetchSpy.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            ...config,
            remotes: config.remotes.map(({ roles: _roles, ...remote }) => remote),
          }),
          { status: 200 },
        ),
    );
    await syncRemotesWithRole('officer');
    expect(registeredNames()).not.toContain('mf_admin');
  });

  it('does not register a remote built for another major of the API contract', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchSpy.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            ...config,
            remotes: config.remotes.map((remote) =>
              remote.name === 'mf_repayments' ? { ...remote, contractVersion: '2.0.0' } : remote,
            ),
          }),
          { status: 200 },
        ),
    );
    await syncRemotesWithRole('officer');
    expect(registeredNames()).toEqual(['mf_customers', 'mf_loans']);
    expect(errors).toHaveBeenCalledWith(
      `[shell] remote not mounted: mf_repayments is built for API contract 2.0.0, the server speaks ${CONTRACT_VERSION}`,
    );
  });

  it('unregisters mf_admin when an officer signs in after an admin, without a reload', async () => {
    await syncRemotesWithRole('admin');
    await syncRemotesWithRole(null);
    expect(registeredNames()).toEqual([]);
    await syncRemotesWithRole('officer');
    expect(registeredNames()).toEqual(['mf_customers', 'mf_loans', 'mf_repayments']);
    expect(getInstance).toHaveBeenCalled();
  });

  it('fetches the configuration once, and again after a failure', async () => {
    fetchSpy.mockImplementationOnce(async () => new Response('down', { status: 503 }));
    await expect(syncRemotesWithRole('officer')).rejects.toThrow('/remotes.config.json answered 503');
    await syncRemotesWithRole('officer');
    await syncRemotesWithRole('officer');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('re-registers a remote with force on reset, so a failed load is fetched afresh', async () => {
    await syncRemotesWithRole('officer');
    jest.mocked(registerRemotes).mockClear();
    resetRemote('mf_loans');
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_loans', entry: '/remotes/mf-loans/mf-manifest.json' }],
      { force: true },
    );
  });

  it("prefetches the manifests of the role's remotes only: never mf_admin's for an officer", async () => {
    await syncRemotesWithRole('officer');
    loadSnapshot.mockClear();
    prefetchManifests();
    const fetched = loadSnapshot.mock.calls.map(([args]) => args.moduleInfo.name).sort();
    expect(fetched).toEqual(['mf_customers', 'mf_loans', 'mf_repayments']);

    await syncRemotesWithRole('admin');
    loadSnapshot.mockClear();
    loadSnapshot.mockRejectedValueOnce(new Error('manifest down'));
    expect(() => prefetchManifests()).not.toThrow();
    expect(loadSnapshot.mock.calls.map(([args]) => args.moduleInfo.name)).toContain('mf_admin');
  });
});
