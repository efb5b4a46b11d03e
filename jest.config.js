/** One suite: unit tests and the end-to-end tests, which run on every configured backend. */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': '@swc/jest',
    // @nestjs/cache-manager ships ES modules only; Node requires them natively, jest needs them compiled.
    '/node_modules/@nestjs/cache-manager/.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/cache-manager/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
