// The apps of the back office and their dev-server ports: read by every webpack config and by
// scripts/dev.mjs, so a port is written down once.

/** The shell (the host) serves on this port in development. */
export const SHELL_PORT = 3000;

/** The API's dev server, which the dev servers proxy /api to. */
export const DEV_API = 'http://127.0.0.1:8080';

/** Each remote: its folder, its federation name (a JS identifier) and its dev-server port. */
export const REMOTE_APPS = [
  { folder: 'mf-customers', name: 'mf_customers', port: 3001 },
  { folder: 'mf-loans', name: 'mf_loans', port: 3002 },
  { folder: 'mf-repayments', name: 'mf_repayments', port: 3003 },
  { folder: 'mf-admin', name: 'mf_admin', port: 3004 },
];

/** The remote living in `folder` (mf-loans); throws on an unknown one. */
export function remoteApp(folder) {
  const app = REMOTE_APPS.find((remote) => remote.folder === folder);
  if (!app) {
    throw new Error(`${folder} is not a remote: one of ${REMOTE_APPS.map((r) => r.folder).join(', ')}`);
  }
  return app;
}
