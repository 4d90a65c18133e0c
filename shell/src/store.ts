import { makeStore } from '@lender/shared/client/store';
// Each of these injects its slice into the shared root reducer when imported.
import './auth/session-slice';
import './app/theme-slice';
import './layout/layout-slice';
import './app/shell-api';

/** The one store of the page; remotes inject their api slices into it when they load. */
export function createShellStore() {
  return makeStore();
}
