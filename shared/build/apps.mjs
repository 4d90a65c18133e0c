// The apps of the back office, read from shared/apps.json (their one list) for the JavaScript
// side: every webpack config, eslint.config.mjs and scripts/. TypeScript reads the same file
// through shared/src/apps.ts.
import registry from '../apps.json' with { type: 'json' };

/** The shell (the host) serves on this port in development. */
export const SHELL_PORT = registry.shell.port;

/** The API's dev server, which the dev servers proxy /api to. */
export const DEV_API = registry.devApi;

/**
 * Each remote: its folder, its federation name (a JS identifier), its dev-server port, its area
 * and, when only some roles may load it, those roles.
 */
export const REMOTE_APPS = Object.entries(registry.remotes).map(([name, app]) => ({ name, ...app }));

/** The remotes' folders (mf-customers, …). */
export const REMOTE_FOLDERS = REMOTE_APPS.map((remote) => remote.folder);

/** The folders of the frontend apps: the shell, then the remotes. */
export const FRONTEND_FOLDERS = [registry.shell.folder, ...REMOTE_FOLDERS];

/** The remote living in `folder` (mf-loans); throws on an unknown one. */
export function remoteApp(folder) {
  const app = REMOTE_APPS.find((remote) => remote.folder === folder);
  if (!app) {
    throw new Error(`${folder} is not a remote: one of ${REMOTE_FOLDERS.join(', ')}`);
  }
  return app;
}
