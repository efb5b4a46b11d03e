/** One suite: unit tests and the end-to-end tests, which run on every configured backend. */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': '@swc/jest' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
