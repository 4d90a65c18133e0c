import * as contract from '@lender/shared/contract/remotes';
import { testRemotesConfig } from '../testing/remotes-config';
import { parseRemotesConfig, REMOTES_CONFIG_PATH } from './remotes-config';

const v = '1.0.0';
const declared = testRemotesConfig().remotes[1];
const valid = [
  { contractVersion: v, remotes: [] },
  { contractVersion: v, remotes: [{ name: 'mf_loans', entry: '/remotes/mf-loans/mf-manifest.json' }] },
  {
    contractVersion: v,
    remotes: [{ name: 'mf_admin', entry: 'https://cdn.example/mf-admin/mf-manifest.json', roles: ['admin'] }],
  },
  { contractVersion: v, remotes: [{ name: 'mf_customers', entry: '/c', roles: [] }], extra: true },
  { contractVersion: v, remotes: [{ ...declared, version: '20261125-ab12cd34' }] },
];
const invalid = [
  null,
  [],
  {},
  { remotes: [] },
  { contractVersion: v, remotes: {} },
  { contractVersion: v, remotes: [null] },
  { contractVersion: v, remotes: [{ name: 'mf_other', entry: '/x' }] },
  { contractVersion: v, remotes: [{ name: 'mf_loans', entry: '' }] },
  { contractVersion: v, remotes: [{ name: 'mf_loans' }] },
  { contractVersion: v, remotes: [{ name: 'mf_loans', entry: '/x', roles: ['root'] }] },
  { contractVersion: v, remotes: [{ name: 'mf_loans', entry: '/x', roles: 'admin' }] },
  { contractVersion: v, remotes: [{ name: 'mf_loans', entry: '/x', contributions: { routes: 'all' } }] },
  { contractVersion: v, remotes: [{ name: 'mf_loans', entry: '/x', contractVersion: 2 }] },
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
