// Two projects: the contract and domain code runs in Node (as the server uses it); the client
// and UI code runs in jsdom with the same setup the shell and the remotes use.
const { jsdomOptions, swcTransform } = require('./testing/jest-config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 20000,
  projects: [
    {
      displayName: 'node',
      rootDir: __dirname,
      testEnvironment: 'node',
      roots: ['<rootDir>/src'],
      testMatch: [
        '<rootDir>/src/*.test.ts',
        '<rootDir>/src/contract/**/*.test.ts',
        '<rootDir>/src/domain/**/*.test.ts',
      ],
      transform: { '^.+\\.(t|j)sx?$': swcTransform },
    },
    {
      displayName: 'jsdom',
      rootDir: __dirname,
      roots: ['<rootDir>/src'],
      testMatch: ['<rootDir>/src/client/**/*.test.ts?(x)', '<rootDir>/src/ui/**/*.test.ts?(x)'],
      ...jsdomOptions(),
    },
  ],
};
