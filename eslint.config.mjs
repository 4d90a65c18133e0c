// Lint for the whole workspace: typescript-eslint's recommended rules, the Rules of React
// (react-hooks) for the frontends, and one architectural rule: antd and its icons are reached
// only through @lender/shared/ui, and the router only through @lender/shared/client/router, so
// every app shares one tree-shaken copy.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/**'],
    ...reactHooks.configs.flat.recommended,
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
    // The one place allowed to import react-router-dom directly.
    files: ['shared/src/client/router.ts'],
    rules: restrictedImports(antdPaths, antdPatterns),
  },
  {
    // The one place allowed to import antd and the icons package directly.
    files: ['shared/src/ui/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
