import * as contract from '@lender/shared/contract/remotes';
import { parseRemotesConfig, REMOTES_CONFIG_PATH } from './remotes-config';

const valid = [
  { remotes: [] },
  { remotes: [{ name: 'mf_loans', entry: '/remotes/mf-loans/mf-manifest.json' }] },
  { remotes: [{ name: 'mf_admin', entry: 'https://cdn.example/mf-admin/remoteEntry.js', roles: ['admin'] }] },
  { remotes: [{ name: 'mf_customers', entry: '/c', roles: [] }], extra: true },
];
const invalid = [
  null,
  [],
  {},
  { remotes: {} },
  { remotes: [null] },
  { remotes: [{ name: 'mf_other', entry: '/x' }] },
  { remotes: [{ name: 'mf_loans', entry: '' }] },
  { remotes: [{ name: 'mf_loans' }] },
  { remotes: [{ name: 'mf_loans', entry: '/x', roles: ['root'] }] },
  { remotes: [{ name: 'mf_loans', entry: '/x', roles: 'admin' }] },
];

describe('parseRemotesConfig (zod-free, for the page weight)', () => {
  it('reads the same path as the contract', () => {
    expect(REMOTES_CONFIG_PATH).toBe(contract.REMOTES_CONFIG_PATH);
  });

  it.each(valid)('accepts what the contract schema accepts: %j', (config) => {
    expect(parseRemotesConfig(config)).toEqual(contract.remotesConfigSchema.parse(config));
  });

  it.each(invalid)('refuses what the contract schema refuses: %j', (config) => {
    expect(contract.remotesConfigSchema.safeParse(config).success).toBe(false);
    expect(() => parseRemotesConfig(config)).toThrow();
  });
});
