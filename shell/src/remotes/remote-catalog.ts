import { useEffect, useSyncExternalStore } from 'react';
import type { RemoteName } from '@lender/shared/client/remote-pages';
import type {
  RemoteContributions,
  RemoteMenuGroup,
  RemoteRouteDeclaration,
} from '@lender/shared/contract/remote-manifest';
import type { RemoteEntry } from '@lender/shared/contract/remotes';
import { majorOf } from '@lender/shared/contract/version';
import type { Role } from '@lender/shared/domain/roles';
import {
  fetchLatestRemotesConfig,
  fetchRemotesConfig,
  forgetRemotesConfig,
  parseContributions,
  remotesForRole,
} from './remotes-config';

/** A remote this role may use, with what it contributes, or why it cannot be mounted. */
export interface CatalogRemote {
  name: RemoteName;
  entry: string;
  version?: string;
  /** Unknown when neither the configuration nor the remote's manifest could say. */
  contributions?: RemoteContributions;
  /** Why the remote is not mounted (its manifest failed, another contract major); absent when it is. */
  unavailable?: string;
}

export interface CatalogRoute extends RemoteRouteDeclaration {
  remote: RemoteName;
}

export interface CatalogMenuGroup extends Omit<RemoteMenuGroup, 'order'> {
  /** The items this role may open, in order. */
  items?: NonNullable<RemoteMenuGroup['items']>;
}

/** What the shell mounts for one role: built at run time from the remotes it registered. */
export interface Catalog {
  remotes: CatalogRemote[];
  /** Every route of every remote the role may use (also of a remote that is unavailable). */
  routes: CatalogRoute[];
  /** The role's menu: only what it may open, groups in the specification's order (docs/product.md#menu). */
  menu: CatalogMenuGroup[];
}

/** The specification's menu groups in their order; a group the shell does not know comes after them. */
const SPEC_GROUP_ORDER = [
  'dashboard',
  'customers',
  'loans',
  'repayments',
  'loan-products',
  'reports',
  'users',
];

/**
 * Whether `role` may open a declared route: by its declared roles (a remote derives them from the
 * permission table), on top of remotesForRole, which keeps a remote closed to a role out entirely.
 */
export function mayOpenRoute(route: RemoteRouteDeclaration, role: Role | null): boolean {
  if (!role) return false;
  return !route.roles || route.roles.includes(role);
}

function groupRank(group: RemoteMenuGroup): number {
  const known = SPEC_GROUP_ORDER.indexOf(group.key);
  return known >= 0 ? known : SPEC_GROUP_ORDER.length + group.order;
}

/** The menu of `role` from the remotes' declarations, merged by group key. */
export function buildMenu(remotes: CatalogRemote[], routes: CatalogRoute[], role: Role): CatalogMenuGroup[] {
  const openable = new Set(routes.filter((route) => mayOpenRoute(route, role)).map((route) => route.path));
  const groups = new Map<string, RemoteMenuGroup>();
  for (const remote of remotes) {
    for (const group of remote.contributions?.menu ?? []) {
      const known = groups.get(group.key);
      groups.set(
        group.key,
        known ? { ...known, items: [...(known.items ?? []), ...(group.items ?? [])] } : group,
      );
    }
  }
  return [...groups.values()]
    .sort((a, b) => groupRank(a) - groupRank(b))
    .flatMap((group): CatalogMenuGroup[] => {
      const { order: _order, ...rest } = group;
      if (group.path) return openable.has(group.path) ? [rest] : [];
      const items = [...(group.items ?? [])]
        .sort((a, b) => a.order - b.order)
        .filter((item) => openable.has(item.path));
      return items.length > 0 ? [{ ...rest, items }] : [];
    });
}

/** The contributions a manifest declares (`metaData.lender`), for a remote the configuration says nothing about. */
async function contributionsFromManifest(
  entry: string,
): Promise<{ contributions: RemoteContributions; contractVersion: string }> {
  const response = await fetch(entry, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
  const manifest: unknown = await response.json();
  const lender = (
    manifest as { metaData?: { lender?: { contractVersion?: unknown; contributions?: unknown } } }
  )?.metaData?.lender;
  if (typeof lender?.contractVersion !== 'string') throw new Error(`${entry} names no contract version`);
  return {
    contractVersion: lender.contractVersion,
    contributions: parseContributions(lender.contributions, `${entry}: metaData.lender.contributions`),
  };
}

async function catalogRemote(remote: RemoteEntry, serverContract: string): Promise<CatalogRemote> {
  const base = {
    name: remote.name,
    entry: remote.entry,
    ...(remote.version ? { version: remote.version } : {}),
  };
  let declared: { contributions: RemoteContributions; contractVersion?: string };
  try {
    declared = remote.contributions
      ? { contributions: remote.contributions, contractVersion: remote.contractVersion }
      : await contributionsFromManifest(remote.entry);
  } catch (error) {
    console.error(`[shell] remote ${remote.name}: its manifest could not be read`, error);
    return { ...base, unavailable: error instanceof Error ? error.message : String(error) };
  }
  const built = declared.contractVersion ?? '';
  if (majorOf(built) === null || majorOf(built) !== majorOf(serverContract)) {
    // Not mounted: its pages would call the API in a way this server does not speak.
    const reason = `${remote.name} is built for API contract ${built || '(none)'}, the server speaks ${serverContract}`;
    console.error(`[shell] remote not mounted: ${reason}`);
    return { ...base, contributions: declared.contributions, unavailable: reason };
  }
  return { ...base, contributions: declared.contributions };
}

/** The catalog for `role`: the configuration, then what each remote it may use contributes. */
export async function buildCatalog(role: Role): Promise<Catalog> {
  const config = await fetchRemotesConfig();
  const allowed = remotesForRole(config, role);
  const remotes = await Promise.all(allowed.map((remote) => catalogRemote(remote, config.contractVersion)));
  const routes: CatalogRoute[] = remotes.flatMap((remote) =>
    (remote.contributions?.routes ?? []).map((route) => ({ ...route, remote: remote.name })),
  );
  // The routes of a remote closed to this role (mf_admin for an officer) are known, so that they
  // say "no access" rather than "not found"; the remote itself is never registered nor requested.
  for (const remote of config.remotes) {
    if (allowed.includes(remote)) continue;
    for (const route of remote.contributions?.routes ?? [])
      routes.push({ ...route, remote: remote.name, roles: [] });
  }
  return { remotes, routes, menu: buildMenu(remotes, routes, role) };
}

/**
 * Whether a remote this role uses was deployed or rolled back since the catalog was built: its
 * manifest URL or version is not the one mounted (a remote added or removed for the role counts).
 */
export async function remotesChangedSince(catalog: Catalog, role: Role): Promise<boolean> {
  const latest = remotesForRole(await fetchLatestRemotesConfig(), role);
  const mounted = (remote: { name: string; entry: string; version?: string | undefined }) =>
    `${remote.name} ${remote.entry} ${remote.version ?? ''}`;
  const now = new Set(latest.map(mounted));
  return (
    latest.length !== catalog.remotes.length || catalog.remotes.some((remote) => !now.has(mounted(remote)))
  );
}

type CatalogState =
  | { role: Role; status: 'loading' }
  | { role: Role; status: 'ready'; catalog: Catalog }
  | { role: Role; status: 'failed'; error: unknown };

let state: CatalogState | null = null;
let pending: Promise<Catalog> | null = null;
const listeners = new Set<() => void>();
const publish = (next: CatalogState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** The catalog of `role`, built once (again after a failure, or for another role). */
export function loadCatalog(role: Role): Promise<Catalog> {
  if (pending && state?.role === role && state.status !== 'failed') return pending;
  if (state?.status === 'failed') forgetRemotesConfig();
  publish({ role, status: 'loading' });
  const load = buildCatalog(role);
  pending = load;
  load.then(
    (catalog) => pending === load && publish({ role, status: 'ready', catalog }),
    (error: unknown) => pending === load && publish({ role, status: 'failed', error }),
  );
  return load;
}

/** The catalog of `role` if it is built already. */
export function peekCatalog(role: Role | null): Catalog | null {
  return role && state?.role === role && state.status === 'ready' ? state.catalog : null;
}

/** Forgets the catalog and the configuration (a Retry after the configuration failed; tests). */
export function forgetCatalog(): void {
  state = null;
  pending = null;
  forgetRemotesConfig();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The catalog state of the signed-in role, loading it when needed. */
export function useRemoteCatalog(role: Role | null): CatalogState | null {
  const current = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    // A failed load stays failed (the page says so) until Retry loads it again.
    if (role && current?.role !== role) loadCatalog(role).catch(() => undefined);
  }, [role, current]);
  return role && current?.role === role ? current : null;
}
