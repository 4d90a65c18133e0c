import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from '@lender/shared/client/router';
import { appRoutes } from '@lender/shared/contract/routes';
import { CHANGE_PASSWORD_PATH, RequirePasswordChanged } from './auth/require-password-changed';
import { RequireSession } from './auth/require-session';
import { SignInRedirect } from './auth/sign-in-redirect';
import { PageLoading } from './app/page-loading';

// Sign-in is a static page of its own (shell/src/sign-in); everything behind the session loads when first shown.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const ProfilePage = lazy(() => import('./pages/profile-page').then((m) => ({ default: m.ProfilePage })));
const RemoteRoutes = lazy(() => import('./remotes/remote-routes').then((m) => ({ default: m.RemoteRoutes })));
const ChangePasswordPage = lazy(() =>
  import('./pages/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);

/** The template demo pages of the docs/product.md#routes. */
const DEMO_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/blank': lazy(() => import('./pages/demo/blank-page')),
  '/basic-tables': lazy(() => import('./pages/demo/basic-tables-page')),
  '/alerts': lazy(() => import('./pages/demo/alerts-page')),
  '/avatars': lazy(() => import('./pages/demo/avatars-page')),
  '/badge': lazy(() => import('./pages/demo/badge-page')),
  '/buttons': lazy(() => import('./pages/demo/buttons-page')),
  '/images': lazy(() => import('./pages/demo/images-page')),
  '/videos': lazy(() => import('./pages/demo/videos-page')),
};

/**
 * Every route of the back office. The shell owns the router and its own pages (sign-in, profile,
 * the template's demo pages); every other path goes to the routes the remotes declared, known at
 * run time (remotes/remote-routes.tsx). A user who must change a temporary password sees only
 * /change-password until they have.
 */
export function AppRoutes() {
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
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}
