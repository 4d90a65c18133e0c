import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '../src/contract/users';
import { renderWithProviders } from './render-with-providers';

/** Where the router is (path and query), read by role "status" and name "Location". */
function LocationReadout() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `page` mounted at the route `pattern` (any other path shows "elsewhere"), starting at
 * `route`, with a Location readout that stays on screen when the page navigates away.
 */
export function renderAtRoute(
  pattern: string,
  page: ReactElement,
  options: { route: string; user?: SessionUser | undefined },
): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="*" element={<div>elsewhere</div>} />
      </Routes>
      <LocationReadout />
    </>,
    { route: options.route, ...(options.user ? { user: options.user } : {}) },
  );
}
