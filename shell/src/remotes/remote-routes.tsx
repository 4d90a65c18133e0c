import { lazy } from 'react';
import { useAppSelector } from '@lender/shared/client/hooks';
import { REMOTE_AREAS } from '@lender/shared/client/remote-pages';
import { Route, Routes } from '@lender/shared/client/router';
import { PageLoading } from '../app/page-loading';
import { selectRole } from '../auth/session-slice';
import { forgetCatalog, loadCatalog, mayOpenRoute, useRemoteCatalog } from './remote-catalog';
import { LoadFailedMessage } from './remote-error-boundary';
import { RemotePage } from './remote-page';

const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const NoAccessPage = lazy(() => import('../pages/no-access-page').then((m) => ({ default: m.NoAccessPage })));

/**
 * The remotes' routes, as they declared them (the catalog of the signed-in role): each renders
 * its remote's page, or the no-access page for a route closed to the role (without loading the
 * remote). A path no remote declares is not found, unless a remote whose routes are unknown (its
 * manifest could not be read) might own it: then that remote's retry message.
 */
export function RemoteRoutes() {
  const role = useAppSelector(selectRole);
  const loaded = useRemoteCatalog(role);
  if (!role || !loaded || loaded.status === 'loading') return <PageLoading />;

  const retryCatalog = () => {
    forgetCatalog();
    loadCatalog(role).catch(() => undefined);
  };
  if (loaded.status === 'failed') return <LoadFailedMessage area="menu" onRetry={retryCatalog} />;

  const { catalog } = loaded;
  const unknown = catalog.remotes.find((remote) => !remote.contributions);
  return (
    <Routes>
      {catalog.routes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            mayOpenRoute(route, role) ? (
              <RemotePage remote={route.remote} path={route.path} heading={route.heading} />
            ) : (
              <NoAccessPage />
            )
          }
        />
      ))}
      <Route
        path="*"
        element={
          unknown ? (
            <LoadFailedMessage area={REMOTE_AREAS[unknown.name]} onRetry={retryCatalog} />
          ) : (
            <NotFoundPage />
          )
        }
      />
    </Routes>
  );
}
