import { testRemotesConfig } from '../testing/remotes-config';
import { buildCatalog, forgetCatalog } from './remote-catalog';
import { forgetRemotesConfig } from './remotes-config';

/** A remote served from another origin (REMOTE_MF_LOANS_URL): the configuration names its manifest only. */
function configWithLoansElsewhere() {
  const config = testRemotesConfig();
  const loans = config.remotes[1]!;
  config.remotes[1] = { name: loans.name, entry: 'https://cdn.example.com/mf-loans/v7/mf-manifest.json' };
  return { config, contributions: loans.contributions };
}

beforeEach(() => {
  forgetCatalog();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the catalog of a remote the server cannot describe', () => {
  it("reads the remote's routes and menu from its own manifest", async () => {
    const { config, contributions } = configWithLoansElsewhere();
    forgetRemotesConfig(config);
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ metaData: { lender: { contractVersion: '1.2.0', contributions } } })),
      );
    const catalog = await buildCatalog('officer');
    expect(fetchSpy).toHaveBeenCalledWith('https://cdn.example.com/mf-loans/v7/mf-manifest.json', {
      cache: 'no-cache',
    });
    expect(catalog.remotes.find((remote) => remote.name === 'mf_loans')?.unavailable).toBeUndefined();
    expect(
      catalog.routes.filter((route) => route.remote === 'mf_loans').map((route) => route.path),
    ).toContain('/due-tommorrow');
    expect(catalog.menu.map((group) => group.label)).toContain('Loans');
  });

  it('marks it unavailable, with the reason, when its manifest cannot be read; the others stay', async () => {
    forgetRemotesConfig(configWithLoansElsewhere().config);
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('gone', { status: 503 }));
    const catalog = await buildCatalog('officer');
    expect(catalog.remotes.find((remote) => remote.name === 'mf_loans')?.unavailable).toBe(
      'https://cdn.example.com/mf-loans/v7/mf-manifest.json answered 503',
    );
    expect(catalog.menu.map((group) => group.label)).toEqual([
      'Customers',
      'Repayments',
      'Loan Products',
      'Reports',
    ]);
  });
});
