// Jest configuration for the frontend packages (shell and remotes): jsdom, TypeScript/TSX via SWC.
const path = require('node:path');

module.exports = function createJestConfig(packageDir) {
  return {
    rootDir: packageDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    setupFiles: [path.join(__dirname, 'jest-polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.ts')],
    moduleNameMapper: { '\\.(css|png|svg|jpg|webp)$': path.join(__dirname, 'file-stub.cjs') },
    testTimeout: 20000,
  };
};
