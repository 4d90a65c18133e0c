import {
  REMOTES_CONFIG_PATH,
  remotesConfigSchema,
  type RemoteEntry,
  type RemotesConfig,
} from '@lender/shared/contract/remotes';
import { REMOTE_ROUTES, type RemoteName } from '@lender/shared/client/remote-pages';
import type { Role } from '@lender/shared/domain/roles';

let pending: Promise<RemotesConfig> | null = null;

/**
 * The remotes configuration, fetched once when first needed (never from the HTTP cache, so a
 * redeployed remote is picked up on the next page load). A failed fetch is forgotten, so the
 * next attempt (a Retry) asks again.
 */
export function fetchRemotesConfig(): Promise<RemotesConfig> {
  pending ??= (async () => {
    const response = await fetch(REMOTES_CONFIG_PATH, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${REMOTES_CONFIG_PATH} answered ${response.status}`);
    return remotesConfigSchema.parse(await response.json());
  })();
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** For tests: forget the fetched configuration. */
export function forgetRemotesConfig(): void {
  pending = null;
}

/** Remotes whose every route is admin-only (mf_admin) stay admin-only even if the file forgets to say so. */
const adminOnlyRemotes = new Set<RemoteName>(
  [...new Set(REMOTE_ROUTES.map((route) => route.remote))].filter((remote) =>
    REMOTE_ROUTES.filter((route) => route.remote === remote).every((route) => route.adminOnly),
  ),
);

/** The remotes this role may load. */
export function remotesForRole(config: RemotesConfig, role: Role): RemoteEntry[] {
  return config.remotes.filter((remote) => {
    if (remote.roles && !remote.roles.includes(role)) return false;
    return role === 'admin' || !adminOnlyRemotes.has(remote.name);
  });
}
