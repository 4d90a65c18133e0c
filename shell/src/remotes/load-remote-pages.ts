import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotePagesModule } from '@lender/shared/client/remote-pages';
import type { Role } from '@lender/shared/domain/roles';
import { fallbackError, RemoteLoadError } from './remote-failure';
import { loadCatalog } from './remote-catalog';
import { resetRemote, syncRemotesWithRole } from './register-remotes';

/** Remotes that have loaded once: their entry is in the page, a retry must not load it again. */
const loadedOnce = new Set<RemoteName>();

/** Loads a remote's `./pages` module for the signed-in role; rejects with RemoteLoadError. */
export async function loadRemotePages(remote: RemoteName, role: Role): Promise<RemotePagesModule> {
  let allowed;
  try {
    allowed = await syncRemotesWithRole(role);
  } catch (error) {
    throw new RemoteLoadError(remote, error);
  }
  const unavailable = (await loadCatalog(role)).remotes.find((entry) => entry.name === remote)?.unavailable;
  if (unavailable) throw new RemoteLoadError(remote, new Error(unavailable));
  if (!allowed.some((entry) => entry.name === remote)) {
    throw new RemoteLoadError(remote, new Error(`not available to ${role}`));
  }
  const module = await loadRemote<RemotePagesModule>(`${remote}/pages`).catch((error: unknown) => {
    throw new RemoteLoadError(remote, error);
  });
  const failure = fallbackError(module);
  if (!module || failure !== undefined) throw new RemoteLoadError(remote, failure ?? 'empty module');
  loadedOnce.add(remote);
  return module;
}

/** Before a retry: a remote that never loaded is reset in the runtime so it is fetched afresh. */
export function prepareRetry(remote: RemoteName): void {
  if (!loadedOnce.has(remote)) resetRemote(remote);
}
