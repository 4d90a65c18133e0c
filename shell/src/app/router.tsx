import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from '@lender/shared/client/router';
import { useAppSelector } from '@lender/shared/client/hooks';
import { REMOTE_ROUTES, type RemoteRoute } from '@lender/shared/client/remote-pages';
import { appRoutes } from '@lender/shared/contract/routes';
import { canOpen } from '@lender/shared/domain/permissions';
import { CHANGE_PASSWORD_PATH, RequirePasswordChanged } from '../auth/require-password-changed';
import { RequireSession } from '../auth/require-session';
import { selectRole } from '../auth/session-slice';
import { SignInRedirect } from '../auth/sign-in-redirect';
import { PageLoading } from './page-loading';

// Sign-in is a static page of its own (shell/src/sign-in); everything behind the session loads when first shown.
const AppLayout = lazy(() => import('../layout/app-layout').then((m) => ({ default: m.AppLayout })));
const ProfilePage = lazy(() => import('../pages/profile-page').then((m) => ({ default: m.ProfilePage })));
const RemotePage = lazy(() => import('../remotes/remote-page').then((m) => ({ default: m.RemotePage })));
const ChangePasswordPage = lazy(() =>
  import('../pages/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const NoAccessPage = lazy(() => import('../pages/no-access-page').then((m) => ({ default: m.NoAccessPage })));

/** The template demo pages of the specification §2.4. */
const DEMO_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/blank': lazy(() => import('../pages/demo/blank-page')),
  '/basic-tables': lazy(() => import('../pages/demo/basic-tables-page')),
  '/alerts': lazy(() => import('../pages/demo/alerts-page')),
  '/avatars': lazy(() => import('../pages/demo/avatars-page')),
  '/badge': lazy(() => import('../pages/demo/badge-page')),
  '/buttons': lazy(() => import('../pages/demo/buttons-page')),
  '/images': lazy(() => import('../pages/demo/images-page')),
  '/videos': lazy(() => import('../pages/demo/videos-page')),
};

/**
 * Every route of the back office. The shell owns the router: each remote route renders that
 * remote's page. A route the user's role may not open (the permission table, or an admin-only
 * remote) says so without loading its remote. A user who must change a temporary password sees
 * only /change-password until they have.
 */
export function AppRoutes() {
  const role = useAppSelector(selectRole);
  const mayOpen = (route: RemoteRoute) => canOpen(role, route.path) && (!route.adminOnly || role === 'admin');

  return (
    <Routes>
      <Route path={appRoutes.signin} element={<SignInRedirect />} />
      <Route
        path={CHANGE_PASSWORD_PATH}
        element={
          <RequireSession>
            <Suspense fallback={<PageLoading />}>
              <ChangePasswordPage />
            </Suspense>
          </RequireSession>
        }
      />
      <Route
        element={
          <RequireSession>
            <RequirePasswordChanged>
              <Suspense fallback={<PageLoading />}>
                <AppLayout />
              </Suspense>
            </RequirePasswordChanged>
          </RequireSession>
        }
      >
        <Route path={appRoutes.profile} element={<ProfilePage />} />
        {Object.entries(DEMO_PAGES).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {REMOTE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              mayOpen(route) ? <RemotePage remote={route.remote} path={route.path} /> : <NoAccessPage />
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
