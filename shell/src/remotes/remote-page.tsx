import { Suspense, use, useState } from 'react';
import { REMOTE_AREAS, type RemoteName, type RemotePagesModule } from '@lender/shared/client/remote-pages';
import { useAppSelector } from '@lender/shared/client/hooks';
import type { Role } from '@lender/shared/domain/roles';
import { texts } from '@lender/shared/texts';
import { Result } from '@lender/shared/ui/antd';
import { PageLoading } from '../app/page-loading';
import { selectRole } from '../auth/session-slice';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadRemotePages, prepareRetry, RemoteLoadError } from './load-remote-pages';

/**
 * One load per remote and role, shared by every route of that remote. A failed load stays here
 * (so each of its routes shows the same message) until Retry forgets it.
 */
const loads = new Map<string, Promise<RemotePagesModule>>();

function pagesOf(remote: RemoteName, role: Role): Promise<RemotePagesModule> {
  const key = `${remote}:${role}`;
  let load = loads.get(key);
  if (!load) {
    load = loadRemotePages(remote, role);
    loads.set(key, load);
  }
  return load;
}

function forgetLoad(remote: RemoteName, role: Role): void {
  loads.delete(`${remote}:${role}`);
}

function RemoteRoute({ remote, path, role }: { remote: RemoteName; path: string; role: Role }) {
  const { pages } = use(pagesOf(remote, role));
  const Page = pages[path];
  if (!Page) return <Result status="info" title={texts.remotes.notBuilt} />;
  return <Page />;
}

interface RemotePageProps {
  remote: RemoteName;
  /** The route pattern, the key of the remote's `pages`. */
  path: string;
}

/** Mounts a remote's page at a shell route: loads the remote, then renders `pages[path]`. */
export function RemotePage({ remote, path }: RemotePageProps) {
  const role = useAppSelector(selectRole);
  const [attempt, setAttempt] = useState(0);
  if (!role) return null;

  const retry = (error: unknown) => {
    if (error instanceof RemoteLoadError) {
      prepareRetry(remote);
      forgetLoad(remote, role);
    }
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={`${path}#${attempt}`} area={REMOTE_AREAS[remote]} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <RemoteRoute remote={remote} path={path} role={role} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
