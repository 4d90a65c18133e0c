// Jest configuration for the frontend packages (shell and remotes): jsdom with Node's fetch,
// TypeScript/TSX via SWC. Usage in a package:
// `module.exports = require('@lender/shared/testing/jest-config.cjs')(__dirname, 'src/testing/jest-setup.ts');`
const path = require('node:path');

const swcTransform = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** Options every jsdom project shares (also used by shared/jest.config.cjs). */
function jsdomOptions() {
  return {
    testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    setupFiles: [path.join(__dirname, 'jest-polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.ts')],
    moduleNameMapper: {
      '\\.(css|png|svg|jpg|jpeg|webp)$': path.join(__dirname, 'file-stub.cjs'),
      // Jest runs antd's CommonJS build (lib/); a deep import of its ES build (antd-core's
      // AppContext) must reach the same module there.
      '^antd/es/(.*)$': 'antd/lib/$1',
    },
    // @ant-design/icons' CommonJS build requires the ES build of @ant-design/colors: compile it too.
    transformIgnorePatterns: ['/node_modules/(?!.*@ant-design/(colors|fast-color)/es/)'],
  };
}

/** `packageSetup`: the package's own setup file (a remote's injects its api slice), from packageDir. */
function createJestConfig(packageDir, packageSetup) {
  const options = jsdomOptions();
  if (packageSetup) options.setupFilesAfterEnv.push(path.join(packageDir, packageSetup));
  return {
    rootDir: packageDir,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    ...options,
    testTimeout: 60000,
  };
}

module.exports = createJestConfig;
module.exports.jsdomOptions = jsdomOptions;
module.exports.swcTransform = swcTransform;
