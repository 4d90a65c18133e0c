// Lint for the whole workspace: typescript-eslint's recommended rules; on the TypeScript files a
// few type-aware ones (projectService: each file's own tsconfig), chosen because they find bugs and
// stay quiet otherwise: no floating promise (node:test's test/describe excepted), no async function
// where a callback's result is ignored (JSX attributes excepted), no `await` of a non-promise, and
// no switch missing a member of its union (a `default:` counts). no-unnecessary-type-assertion is
// left out (it removes the `as T` from `response.json() as T`, whose `<T = any>` then gives `any`),
// and no-unnecessary-condition too (some 170 reports, mostly defensive checks of data from outside);
// the Rules of React (react-hooks) for the frontends, and the architecture's boundaries:
// - antd and its icons are reached only through @lender/shared/ui, and the router only through
//   @lender/shared/client/router, so every app shares one tree-shaken copy;
// - no remote imports another remote (or the shell or the API), the shell imports no remote,
//   `shared` imports no app, and no feature imports another feature of its remote;
// - on the server, a route never imports a repository (route -> service -> repository), and
//   api/src/domain (the pure rules) imports neither the database nor Fastify;
// - no import cycles;
// and jsx-a11y's recommended accessibility rules for the markup.
// scripts/lint-boundaries.test.mjs proves each boundary, and a type-aware rule, by linting a file
// that breaks it.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { REMOTE_FOLDERS as REMOTES } from './shared/build/apps.mjs';
import { RUNTIME_SINGLETONS } from './shared/build/shared-modules.mjs';

const APPS = ['shell', ...REMOTES, 'api'];
const featuresOf = (remote) =>
  readdirSync(new URL(`./${remote}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Sealed server modules (api/src/modules/README.md): a module offers the others its service files
 * (service.ts, context.ts, its subject services), never its SQL (repository.ts, *-repository.ts);
 * SQL that several modules share lives in api/src/db or modules/sql-helpers.ts.
 */
const apiModules = readdirSync(new URL('./api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sealedModuleZones = apiModules.map((module) => ({
  target: `./api/src/modules/${module}`,
  from: apiModules
    .filter((other) => other !== module)
    .map((other) => `./api/src/modules/${other}/*repository.ts`),
  message:
    "A module imports another module's service, never its repository: offer what it needs from that service.",
}));

/** Which folders may not import which (import-x/no-restricted-paths, on resolved paths). */
const boundaryZones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: APPS.filter((app) => app !== remote).map((app) => `./${app}`),
    message: 'A remote never imports another remote, the shell or the API: share through @lender/shared.',
  })),
  {
    target: './shell',
    from: [...REMOTES, 'api'].map((app) => `./${app}`),
    message: 'The shell loads remotes at run time (Module Federation); it never imports them.',
  },
  {
    target: './shared',
    from: [...APPS, 'e2e'].map((app) => `./${app}`),
    message: '`shared` is imported by the apps; it imports none of them.',
  },
  {
    target: './api',
    from: ['shell', ...REMOTES].map((app) => `./${app}`),
    message: 'The API shares the contract through @lender/shared, never a frontend.',
  },
  ...REMOTES.flatMap((remote) =>
    featuresOf(remote).map((feature) => ({
      target: `./${remote}/src/features/${feature}`,
      from: `./${remote}/src/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: move what both need to src/components or @lender/shared.',
    })),
  ),
  {
    target: './api/src/modules/*/routes.ts',
    from: './api/src/modules/*/repository.ts',
    message: 'A route calls a service; only services read repositories (route -> service -> repository).',
  },
  {
    target: './api/src/domain',
    from: ['./api/src/db', './api/src/modules', './api/src/plugins'],
    message: 'api/src/domain holds the pure rules: no database, no Fastify, no modules.',
  },
];

const antdPaths = [
  { name: 'antd', message: 'Import antd components from @lender/shared/ui/antd (one shared copy).' },
  {
    name: '@ant-design/icons',
    message: 'Import icons from @lender/shared/ui/icons (one shared copy).',
  },
];
const antdPatterns = [
  {
    group: ['antd/*', '@ant-design/icons/*'],
    message: 'Import antd through @lender/shared/ui/antd and icons through @lender/shared/ui/icons.',
  },
];
// The router too: a file importing react-router-dom itself would get a second router in the
// browser, whose hooks do not see the shell's <BrowserRouter>. Tests may (MemoryRouter).
const routerPaths = [
  {
    name: 'react-router-dom',
    message: 'Import the router from @lender/shared/client/router (one shared copy; add names there).',
  },
  { name: 'react-router', message: 'Import the router from @lender/shared/client/router (one shared copy).' },
];
const routerPatterns = [
  {
    group: ['react-router/*', 'react-router-dom/*'],
    message: 'Import the router from @lender/shared/client/router.',
  },
];
// The pure rules' packages: no database driver or ORM, no web framework.
const domainPatterns = [
  {
    group: ['fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    message: 'api/src/domain holds the pure rules: no database, no Fastify.',
  },
];
// Inside shared, a federation singleton imported by a relative path is not matched by the
// federation (it matches the request, not the file) and bundles a second copy into the app that
// imports it: the second antd that doubled the customers page's weight.
const singletonFiles = RUNTIME_SINGLETONS.map((name) => name.replace('@lender/shared/', ''));
const singletonPatterns = [
  {
    regex: `^\\.{1,2}/(.*/)?(${singletonFiles.map((file) => file.split('/').pop()).join('|')})(\\.tsx?)?$`,
    message: 'Inside shared, import a federation singleton by its package name (@lender/shared/…).',
  },
];
const restrictedImports = (paths, patterns) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});
const antdThroughSharedOnly = restrictedImports(
  [...antdPaths, ...routerPaths],
  [...antdPatterns, ...routerPatterns],
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/data/**',
      'data-demo/**',
      'data-demo.building/**',
      'e2e/.artifacts/**',
      '**/.tsbuild/**',
      'pnpm-lock.yaml',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...antdThroughSharedOnly,
    },
  },
  {
    // Type-aware rules, on the TypeScript files only (each file's own tsconfig, through the
    // project service): promises neither awaited nor handed on, and switches missing a case.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test/describe return a promise the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          ],
        },
      ],
      // An async function where a callback's result is ignored (an event listener, a timer). JSX
      // attributes are left out: antd's onFinish and Popconfirm's onConfirm take async handlers.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // A `default:` handles the rest of a union on purpose; without one, every member needs a case.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })],
      // no-cycle follows the imports of the files imported, which it must parse as TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The shell's tests build the remotes configuration from the remotes' own declarations (their
    // contributions: menu and routes data), as the server does; its runtime code never imports a remote.
    files: ['shell/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: boundaryZones.filter((zone) => zone.target !== './shell') },
      ],
    },
  },
  {
    files: ['api/src/domain/**'],
    rules: restrictedImports(antdPaths, [...antdPatterns, ...domainPatterns]),
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/**'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Accessibility of the markup (labels, names, roles, keyboard): jsx-a11y's recommended rules.
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus on antd fields inside a dialog the person has just opened moves focus into it, as
      // the WAI-ARIA dialog pattern asks; on plain DOM elements it stays an error.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**'],
    languageOptions: { globals: { ...globals.jest } },
    rules: restrictedImports(antdPaths, antdPatterns),
  },
  {
    files: ['shared/src/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrictedImports(
      [...antdPaths, ...routerPaths],
      [...antdPatterns, ...routerPatterns, ...singletonPatterns],
    ),
  },
  {
    // The one place allowed to import react-router-dom directly.
    files: ['shared/src/client/router.ts'],
    rules: restrictedImports(antdPaths, [...antdPatterns, ...singletonPatterns]),
  },
  {
    // The one place allowed to import antd and the icons package directly.
    files: ['shared/src/ui/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrictedImports([], singletonPatterns),
  },
  {
    // One scope rule: a raw role comparison drifts from it (the server's scope once said one thing
    // and the search another). Only the rule's own modules compare roles; tests build users freely.
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      'shared/src/domain/book-scope.ts',
      'shared/src/domain/permissions.ts',
      'shared/src/domain/roles.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/]:matches([left.name='role'], [left.property.name='role'], [left.expression.property.name='role'], [right.name='role'], [right.property.name='role'], [right.expression.property.name='role']):matches([left.value=/^(admin|officer)$/], [right.value=/^(admin|officer)$/])",
          message:
            "Do not compare a role to 'admin'/'officer': whose book it reads is seesWholeBook(role) (@lender/shared/domain/book-scope; useSeesWholeBook() in the browser), what it may do is can(role, action) / useCan(action).",
        },
      ],
    },
  },
  {
    // Sealed server modules (sealedModuleZones). Tests may still set up through a repository.
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...sealedModuleZones] }],
    },
  },
);
