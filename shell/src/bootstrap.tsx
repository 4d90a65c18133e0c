import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@lender/shared/client/router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './router';
import { createShellStore } from './store';
import { applyTheme, storedTheme } from './app/theme-slice';
import { selectMustChangePassword, selectRole } from './auth/session-slice';
import { loadCatalog } from './remotes/remote-catalog';
import { isLoadFailure } from './remotes/remote-failure';
import './app/global.css';

// The theme before the first paint, so a dark page does not flash light.
applyTheme(storedTheme());

const store = createShellStore();

// Keep the federation runtime's remotes in step with the signed-in role (sign-in, sign-out,
// expiry, a 401), without a page reload: an officer after an admin cannot load mf_admin.
// Loaded once someone is signed in, so the sign-in page does not carry it.
let lastRole: ReturnType<typeof selectRole> | undefined;
const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(task, { timeout: 5000 })
    : setTimeout(task, 2000);
const followRole = () => {
  const role = selectRole(store.getState());
  if (role === lastRole) return;
  const firstSync = lastRole === undefined;
  lastRole = role;
  if (role === null && firstSync) return;
  // What the remotes contribute (routes, menu): one request, started as soon as someone is signed
  // in. Held in this chunk, so the layout, the router and the remote loading share one copy.
  if (role !== null) loadCatalog(role).catch(() => undefined);
  if (role !== null && firstSync && !selectMustChangePassword(store.getState())) {
    // A page opened with a session: its frame and its remote start loading now, alongside the
    // shell's chunks, rather than one after the other as React reaches them (not for a user who
    // must first change a temporary password: they see /change-password only).
    void import('./layout/app-layout');
    import('./remotes/remote-page')
      .then(({ startRemoteLoad }) => startRemoteLoad(window.location.pathname, role))
      .catch(() => undefined);
  }
  // A configuration that cannot be fetched is reported by the page that needs a remote.
  import('./remotes/register-remotes')
    .then(async ({ syncRemotesWithRole, prefetchManifests }) => {
      await syncRemotesWithRole(role);
      // Once the page is idle, the manifests of the other remotes this role may open.
      if (role !== null) whenIdle(prefetchManifests);
    })
    .catch(() => undefined);
};
store.subscribe(followRole);
followRole();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container, {
  onCaughtError(error, info) {
    // A remote that could not be loaded was reported once by the retry plugin, and the page says so.
    if (isLoadFailure(error)) return;
    console.error(error, info.componentStack);
  },
});
// A transition, so that React renders the first page in slices and yields to the browser
// between them, instead of in one long task that blocks input on a slow phone.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
