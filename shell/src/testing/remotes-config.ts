// The remotes configuration the server sends, built from the four remotes' own declarations (the
// same modules their builds write into their manifests), so the shell's tests see the real menu
// and routes. Test code only: the shell's runtime code never imports a remote.
import { REMOTE_APPS, REMOTE_NAMES, type RemoteName } from '@lender/shared/apps';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';
import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import type { RemotesConfig } from '@lender/shared/contract/remotes';
import type { Role } from '@lender/shared/domain/roles';
import { buildCatalog, forgetCatalog, type Catalog } from '../remotes/remote-catalog';
import { forgetRemotesConfig } from '../remotes/remotes-config';
import { contributions as admin } from '../../../mf-admin/src/contributions';
import { contributions as customers } from '../../../mf-customers/src/contributions';
import { contributions as loans } from '../../../mf-loans/src/contributions';
import { contributions as repayments } from '../../../mf-repayments/src/contributions';

/** Each remote's declarations (imports need literal paths; names, folders and roles are in shared/apps.json). */
const CONTRIBUTIONS: Record<RemoteName, RemoteContributions> = {
  mf_customers: customers,
  mf_loans: loans,
  mf_repayments: repayments,
  mf_admin: admin,
};

export function testRemotesConfig(): RemotesConfig {
  return {
    contractVersion: CONTRACT_VERSION,
    remotes: REMOTE_NAMES.map((name) => {
      const { folder, roles } = REMOTE_APPS[name];
      return {
        name,
        entry: `/remotes/${folder}/mf-manifest.json`,
        contractVersion: CONTRACT_VERSION,
        ...(roles ? { roles: [...roles] } : {}),
        contributions: CONTRIBUTIONS[name],
      };
    }),
  };
}

/** The catalog of each role, built from testRemotesConfig() as the shell builds it. */
export async function testCatalogs(): Promise<Record<Role, Catalog>> {
  const catalogs = {} as Record<Role, Catalog>;
  for (const role of ['admin', 'officer'] as const) {
    forgetCatalog();
    forgetRemotesConfig(testRemotesConfig());
    catalogs[role] = await buildCatalog(role);
  }
  return catalogs;
}

/** Builds testCatalogs() before the file's tests; the function returned reads them. */
export function loadTestCatalogs(): () => Record<Role, Catalog> {
  let catalogs: Record<Role, Catalog> | undefined;
  beforeAll(async () => {
    catalogs = await testCatalogs();
  });
  return () => {
    if (!catalogs) throw new Error('The test catalogs are built in beforeAll');
    return catalogs;
  };
}
