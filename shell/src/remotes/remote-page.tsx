import { Suspense, use, useState } from 'react';
import {
  REMOTE_AREAS,
  routeMatches,
  type RemoteName,
  type RemotePagesModule,
} from '@lender/shared/client/remote-pages';
import { useAppSelector } from '@lender/shared/client/hooks';
import type { Role } from '@lender/shared/domain/roles';
import { texts } from '@lender/shared/texts';
import { PageLoading } from '../app/page-loading';
import { selectRole } from '../auth/session-slice';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteMessage } from './remote-message';
import { isLoadFailure } from './remote-failure';
import { forgetCatalog, loadCatalog, mayOpenRoute, peekCatalog } from './remote-catalog';

export { routeMatches };

// Loaded with the first remote page, not with the sign-in page (it brings the config schema).
const loader = () => import('./load-remote-pages');

/**
 * One load per remote and role, shared by every route of that remote. A failed load stays here
 * (so each of its routes shows the same message) until Retry forgets it.
 */
const loads = new Map<string, Promise<RemotePagesModule>>();

function pagesOf(remote: RemoteName, role: Role): Promise<RemotePagesModule> {
  const key = `${remote}:${role}`;
  let load = loads.get(key);
  if (!load) {
    load = loader().then(({ loadRemotePages }) => loadRemotePages(remote, role));
    loads.set(key, load);
  }
  return load;
}

/**
 * Starts loading the remote of the page being opened (a reload, the first page after sign-in)
 * while the shell's own chunks still arrive, instead of once its route renders.
 */
export function startRemoteLoad(pathname: string, role: Role): void {
  loadCatalog(role)
    .then((catalog) => {
      const route = catalog.routes.find(
        (candidate) => mayOpenRoute(candidate, role) && routeMatches(candidate.path, pathname),
      );
      // A failure stays in `loads` for the page, which shows it; nothing to report here.
      if (route) pagesOf(route.remote, role).catch(() => undefined);
    })
    .catch(() => undefined);
}

/** Forgets every load (tests start from a page that has loaded no remote). */
export function forgetRemoteLoads(): void {
  loads.clear();
}

/** Retry: forget the failed load; a remote that never loaded is also reset in the runtime. */
function retryLoad(remote: RemoteName, role: Role): void {
  const key = `${remote}:${role}`;
  // A remote whose manifest could not be read is looked up again with the whole configuration.
  if (peekCatalog(role)?.remotes.find((candidate) => candidate.name === remote)?.unavailable) forgetCatalog();
  loads.set(
    key,
    loader().then(({ loadRemotePages, prepareRetry }) => {
      prepareRetry(remote);
      return loadRemotePages(remote, role);
    }),
  );
}

function RemoteRoute({ remote, path, role }: { remote: RemoteName; path: string; role: Role }) {
  const { pages } = use(pagesOf(remote, role));
  const Page = pages[path];
  if (!Page) return <RemoteMessage status="info" title={texts.remotes.notBuilt} />;
  return <Page />;
}

interface RemotePageProps {
  remote: RemoteName;
  /** The route pattern, the key of the remote's `pages`. */
  path: string;
  /** The heading to paint while the remote loads (the route's declaration). */
  heading?: string | undefined;
}

/** Mounts a remote's page at a shell route: loads the remote, then renders `pages[path]`. */
export function RemotePage({ remote, path, heading }: RemotePageProps) {
  const role = useAppSelector(selectRole);
  const [attempt, setAttempt] = useState(0);
  if (!role) return null;

  const retry = (error: unknown) => {
    // A failed load is retried; a page that crashed while rendering is simply rendered again.
    if (isLoadFailure(error)) retryLoad(remote, role);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={`${path}#${attempt}`} area={REMOTE_AREAS[remote]} onRetry={retry}>
      <Suspense fallback={<PageLoading heading={heading} />}>
        <RemoteRoute remote={remote} path={path} role={role} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
