// Which modules of @lender/shared are federation singletons: read by the webpack config (one copy
// of each in the page) and by ESLint (inside shared, they are imported by their package name,
// since a relative import is not matched by the federation and bundles a second copy).

/**
 * The shared modules that carry antd. antd itself is not shared (it would not be tree-shaken), so
 * each of these bundles the antd code it re-exports, with the antd internals (ConfigProvider and
 * App contexts) of the build that provides it. The shell provides every one of them, also those it
 * never imports itself, so that all of them come from the shell's build: a remote's copy would
 * bring a second antd whose components do not see the shell's theme or App context.
 */
export const ANTD_MODULES = [
  '@lender/shared/ui/antd',
  '@lender/shared/ui/antd-core',
  '@lender/shared/ui/antd-app',
  '@lender/shared/ui/antd-frame',
  '@lender/shared/ui/antd-drawer',
  '@lender/shared/ui/antd-search',
  '@lender/shared/ui/antd-status',
];

/**
 * The modules of @lender/shared that hold what every app must agree on at run time: the one store
 * and its typed hooks, the data-changed action, the session and the base query that reads it, the
 * router (react-router-dom, trimmed to what the apps use) and the antd/icon modules (one antd, so
 * every component sees the shell's theme and App context). One copy of each in the page, provided
 * by the shell; a remote built for another major of this package is refused by the federation
 * runtime (strictVersion) instead of silently running against the shell's copy.
 * Everything else of @lender/shared (the API contract: schemas, routes, texts; the domain rules;
 * the UI kit) is bundled into each app, so a remote runs with the contract it was built and tested
 * against (docs/architecture.md, "Versions").
 */
export const RUNTIME_SINGLETONS = [
  '@lender/shared/client/store',
  '@lender/shared/client/hooks',
  '@lender/shared/client/data-changed',
  '@lender/shared/client/session',
  '@lender/shared/client/session-storage',
  '@lender/shared/client/base-query',
  '@lender/shared/client/router',
  '@lender/shared/ui/icons',
  '@lender/shared/ui/icons-core',
  ...ANTD_MODULES,
];
