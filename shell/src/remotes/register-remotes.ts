import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@lender/shared/client/remote-pages';
import type { Role } from '@lender/shared/domain/roles';
import { loadCatalog, type CatalogRemote } from './remote-catalog';

/** Remotes registered with the federation runtime now: name → entry (manifest URL). */
const registered = new Map<RemoteName, string>();

function unregister(name: RemoteName): void {
  // The runtime has no public "unregister": dropping the remote from the host's list makes
  // loadRemote('mf_admin/…') fail to match, so nothing of it can be loaded any more.
  const remotes = getInstance()?.options.remotes;
  const index = remotes?.findIndex((remote) => remote.name === name) ?? -1;
  if (remotes && index >= 0) remotes.splice(index, 1);
  registered.delete(name);
}

/**
 * Registers exactly the remotes the signed-in role may use and that can be mounted (not one built
 * for another contract major), and unregisters the others: an officer who signs in after an
 * admin (no reload) cannot load mf_admin, and an officer's browser never requests anything of it
 * (remotes are fetched only when a route loads them).
 */
export async function syncRemotesWithRole(role: Role | null): Promise<CatalogRemote[]> {
  const catalog = role ? await loadCatalog(role) : null;
  const allowed = (catalog?.remotes ?? []).filter((remote) => !remote.unavailable);
  for (const name of [...registered.keys()]) {
    if (!allowed.some((remote) => remote.name === name)) unregister(name);
  }
  const added = allowed.filter((remote) => registered.get(remote.name) !== remote.entry);
  if (added.length > 0) {
    registerRemotes(
      added.map(({ name, entry }) => ({ name, entry })),
      { force: true },
    );
    for (const remote of added) registered.set(remote.name, remote.entry);
  }
  return allowed;
}

/**
 * Forgets a failed load so the next attempt starts from scratch: re-registering with `force`
 * clears the runtime's cached manifest, entry and module of that remote.
 */
export function resetRemote(name: RemoteName): void {
  const entry = registered.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

/**
 * Fetches the manifests of the remotes registered for this role into the federation runtime (an
 * officer's list never holds mf_admin). A first visit to one of their pages then requests its
 * remoteEntry and its chunks at once instead of waiting for the manifest first. A manifest that
 * cannot be fetched now is left to the page that needs it, which reports it and offers Retry.
 */
export function prefetchManifests(): void {
  const instance = getInstance();
  if (!instance) return;
  for (const name of registered.keys()) {
    const remote = instance.options.remotes.find((candidate) => candidate.name === name);
    if (!remote) continue;
    instance.snapshotHandler
      .loadRemoteSnapshotInfo({ moduleInfo: remote, initiator: 'preloadRemote' })
      .catch(() => undefined);
  }
}
