import type { RemoteContributions } from '@lender/shared/contract/remote-manifest';
import type { RemoteEntry, RemotesConfig } from '@lender/shared/contract/remotes';
import { REMOTE_NAMES, type RemoteName } from '@lender/shared/client/remote-pages';
import { isRole, type Role } from '@lender/shared/domain/roles';

// Only types from the contract module: its zod schema would bring zod (~85 KB gzipped) to every
// page after sign-in. The same rules as remotesConfigSchema are checked by hand (a test compares);
// the contributions are checked for the fields the shell reads (the remote's build checked the rest).
export const REMOTES_CONFIG_PATH = '/remotes.config.json';
const isRemoteName = (value: unknown): value is RemoteName => REMOTE_NAMES.includes(value as RemoteName);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isList = (value: unknown, item: (value: unknown) => boolean): boolean =>
  Array.isArray(value) && value.every(item);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

const isRoute = (value: unknown) =>
  isObject(value) &&
  isText(value.path) &&
  value.path.startsWith('/') &&
  isText(value.title) &&
  optional(value.heading, isText) &&
  optional(value.roles, (roles) => isList(roles, isRole));
const isMenuItem = (value: unknown) =>
  isObject(value) && isText(value.label) && isText(value.path) && typeof value.order === 'number';
const isMenuGroup = (value: unknown) =>
  isObject(value) &&
  isText(value.key) &&
  isText(value.label) &&
  isText(value.icon) &&
  ['Menu', 'Others', 'Admin'].includes(value.section as string) &&
  typeof value.order === 'number' &&
  optional(value.path, isText) &&
  optional(value.items, (items) => isList(items, isMenuItem));

/** The contributions of a remote's manifest (`metaData.lender.contributions`), or an error saying what is wrong. */
export function parseContributions(value: unknown, where: string): RemoteContributions {
  if (!isObject(value)) throw new Error(`${where} is not an object`);
  if (!isList(value.routes, isRoute)) throw new Error(`${where}.routes is not a list of routes`);
  if (!isList(value.menu, isMenuGroup)) throw new Error(`${where}.menu is not a list of menu groups`);
  if (!isList(value.tags, isText)) throw new Error(`${where}.tags is not a list of tags`);
  return value as unknown as RemoteContributions;
}

function parseRemoteEntry(value: unknown, index: number): RemoteEntry {
  const where = `${REMOTES_CONFIG_PATH}: remotes[${index}]`;
  if (!isObject(value)) throw new Error(`${where} is not an object`);
  const { name, entry, roles, contractVersion, contributions, version } = value;
  if (!isRemoteName(name)) throw new Error(`${where}.name is not a remote`);
  if (typeof entry !== 'string' || entry.length === 0) throw new Error(`${where}.entry is not a URL`);
  if (roles !== undefined && !(Array.isArray(roles) && roles.every(isRole))) {
    throw new Error(`${where}.roles is not a list of roles`);
  }
  if (!optional(contractVersion, (v) => typeof v === 'string')) {
    throw new Error(`${where}.contractVersion is not a version`);
  }
  if (!optional(version, (v) => typeof v === 'string')) throw new Error(`${where}.version is not a version`);
  return {
    name,
    entry,
    ...(roles === undefined ? {} : { roles }),
    ...(contractVersion === undefined ? {} : { contractVersion: contractVersion as string }),
    ...(contributions === undefined
      ? {}
      : { contributions: parseContributions(contributions, `${where}.contributions`) }),
    ...(version === undefined ? {} : { version: version as string }),
  };
}

/** The configuration, or an error saying what is wrong with it (as remotesConfigSchema.parse would). */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  if (!isObject(value) || !Array.isArray(value.remotes)) {
    throw new Error(`${REMOTES_CONFIG_PATH} has no list of remotes`);
  }
  if (typeof value.contractVersion !== 'string') {
    throw new Error(`${REMOTES_CONFIG_PATH} does not name the server's contract version`);
  }
  return { contractVersion: value.contractVersion, remotes: value.remotes.map(parseRemoteEntry) };
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

/** The configuration as the server has it now (a check for a deploy; the one in use stays). */
export async function fetchLatestRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_PATH} answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

/** For tests: forget the fetched configuration, or use this one instead of fetching it. */
export function forgetRemotesConfig(config?: RemotesConfig): void {
  pending = config ? Promise.resolve(config) : null;
}

/**
 * The remotes this role may load: those the configuration opens to the role and, when their
 * routes are known, that have a route the role may open (mf_admin stays admin-only even if the
 * configuration forgets to say so: its every route is).
 */
export function remotesForRole(config: RemotesConfig, role: Role): RemoteEntry[] {
  return config.remotes.filter((remote) => {
    if (remote.roles && !remote.roles.includes(role)) return false;
    const routes = remote.contributions?.routes;
    return !routes || routes.some((route) => !route.roles || route.roles.includes(role));
  });
}
