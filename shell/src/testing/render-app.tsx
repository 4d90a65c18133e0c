import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { saveSession } from '@lender/shared/client/session';
import type { SessionUser } from '@lender/shared/contract/users';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../router';
import { createShellStore } from '../store';
import { forgetCatalog } from '../remotes/remote-catalog';
import { forgetRemoteLoads } from '../remotes/remote-page';
import { forgetRemotesConfig } from '../remotes/remotes-config';
import { testRemotesConfig } from './remotes-config';

import { mockFetch, testAdmin, testOfficer } from '@lender/shared/testing/render-with-providers.tsx';

export { mockFetch, testAdmin, testOfficer };

/** An officer signed in with a temporary password an admin set: they must change it first. */
export const officerWithTemporaryPassword: SessionUser = { ...testOfficer, must_change_password: true };

/** The address bar that renderApp shows, to read where the app has navigated. */
export const addressBar = () => screen.getByRole('status', { name: 'Address bar' });

/** The current path, where a person would read it in the address bar. */
function AddressBar() {
  const location = useLocation();
  return (
    <output aria-label="Address bar">
      {location.pathname}
      {location.search}
    </output>
  );
}

interface RenderAppOptions {
  route?: string;
  /** Stored before the store is built; null for signed out. */
  user?: SessionUser | null;
  /** Expiry of the stored session (default: one hour from now). */
  expiresAt?: number;
}

/** The whole shell (store, theme, antd App, routes) at a path, as the browser shows it. */
export function renderApp({ route = '/', user = null, expiresAt }: RenderAppOptions = {}) {
  forgetRemoteLoads();
  forgetCatalog();
  forgetRemotesConfig(testRemotesConfig());
  if (user) saveSession(user, 'test-token', expiresAt ?? Date.now() + 3_600_000);
  const store = createShellStore();
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <AddressBar />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, ...utils };
}
