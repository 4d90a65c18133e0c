import type { RemoteEntry, RemotesConfig } from '@lender/shared/contract/remotes';
import { REMOTE_NAMES, REMOTE_ROUTES, type RemoteName } from '@lender/shared/client/remote-pages';
import { isRole, type Role } from '@lender/shared/domain/roles';

// Only types from the contract module: its zod schema would bring zod (~85 KB gzipped) to every
// page after sign-in. The same rules as remotesConfigSchema are checked by hand (a test compares).
export const REMOTES_CONFIG_PATH = '/remotes.config.json';
const isRemoteName = (value: unknown): value is RemoteName => REMOTE_NAMES.includes(value as RemoteName);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseRemoteEntry(value: unknown, index: number): RemoteEntry {
  const where = `${REMOTES_CONFIG_PATH}: remotes[${index}]`;
  if (!isObject(value)) throw new Error(`${where} is not an object`);
  const { name, entry, roles } = value;
  if (!isRemoteName(name)) throw new Error(`${where}.name is not a remote`);
  if (typeof entry !== 'string' || entry.length === 0) throw new Error(`${where}.entry is not a URL`);
  if (roles !== undefined && !(Array.isArray(roles) && roles.every(isRole))) {
    throw new Error(`${where}.roles is not a list of roles`);
  }
  return { name, entry, ...(roles === undefined ? {} : { roles }) };
}

/** The configuration, or an error saying what is wrong with it (as remotesConfigSchema.parse would). */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  if (!isObject(value) || !Array.isArray(value.remotes)) {
    throw new Error(`${REMOTES_CONFIG_PATH} has no list of remotes`);
  }
  return { remotes: value.remotes.map(parseRemoteEntry) };
}

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
    return parseRemotesConfig(await response.json());
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
