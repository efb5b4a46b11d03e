// Mutation testing of the files that hold rules: `npm run mutate` runs them all (long),
// `npm run mutate -- --mutate src/money/money.policy.ts` one of them. See the README's "Mutation testing".

/**
 * Each rule file with the tests that exercise it. Every end-to-end test imports the whole
 * application, so Jest's related-tests lookup would pick the whole suite: a run takes only these.
 */
const RULE_FILES = {
  'src/users/user.policy.ts': ['test/e2e/users.e2e-spec.ts'],
  'src/profiles/profile.policy.ts': ['test/e2e/users.e2e-spec.ts'],
  'src/audit/audit.policy.ts': ['test/e2e/audit.e2e-spec.ts'],
  'src/money/money.policy.ts': ['test/e2e/transfers.e2e-spec.ts', 'test/e2e/service-keys.e2e-spec.ts'],
  'src/moderation/moderation.policy.ts': ['test/e2e/sanctions.e2e-spec.ts', 'test/e2e/staff-dossier.e2e-spec.ts'],
  'src/banks/bank.policy.ts': ['test/e2e/banks.e2e-spec.ts', 'test/e2e/bank-reads.e2e-spec.ts', 'test/e2e/bank-updates.e2e-spec.ts'],
  'src/characters/character.policy.ts': [
    'test/e2e/characters.e2e-spec.ts',
    'test/e2e/ownership.e2e-spec.ts',
    'test/e2e/character-states.e2e-spec.ts',
    'test/e2e/character-end-states.e2e-spec.ts',
    'test/e2e/review-self.e2e-spec.ts',
  ],
  'src/characters/character-lifecycle.service.ts': [
    'test/e2e/audit.e2e-spec.ts',
    'test/e2e/character-states.e2e-spec.ts',
    'test/e2e/character-end-states.e2e-spec.ts',
    'test/e2e/review-decisions.e2e-spec.ts',
    'test/e2e/review-self.e2e-spec.ts',
  ],
  'src/auth/sessions.service.ts': [
    'test/unit/sessions-service.spec.ts',
    'test/e2e/sessions.e2e-spec.ts',
    'test/e2e/oauth.e2e-spec.ts',
    'test/e2e/hot-path-freshness.e2e-spec.ts',
  ],
  'src/auth/session-authenticator.ts': [
    'test/unit/session-authenticator.spec.ts',
    'test/e2e/sessions.e2e-spec.ts',
    'test/e2e/access.e2e-spec.ts',
    'test/e2e/hot-path-freshness.e2e-spec.ts',
  ],
  'src/auth/session-cookies.ts': ['test/e2e/cookie-attributes.e2e-spec.ts', 'test/e2e/sessions.e2e-spec.ts'],
  'src/auth/tokens.ts': ['test/unit/tokens.spec.ts', 'test/e2e/sessions.e2e-spec.ts'],
  'src/service-keys/service-key-tokens.ts': ['test/unit/tokens.spec.ts', 'test/e2e/service-keys.e2e-spec.ts'],
  'src/money/transfers.service.ts': ['test/e2e/transfers.e2e-spec.ts', 'test/e2e/transfers-concurrency.e2e-spec.ts'],
  // The OpenAPI document's Idempotency-Key header is stated in the transfers' spec.
  'src/money/transfer-request.ts': ['test/unit/transfer-request.spec.ts', 'test/e2e/transfers.e2e-spec.ts'],
  'src/money/holders.ts': ['test/e2e/transfers.e2e-spec.ts', 'test/e2e/character-end-states.e2e-spec.ts', 'test/e2e/organisation-treasury.e2e-spec.ts'],
  'src/database/bounded-balance.ts': [
    'test/e2e/transfers.e2e-spec.ts',
    'test/e2e/transfers-concurrency.e2e-spec.ts',
    'test/e2e/character-end-states.e2e-spec.ts',
    'test/e2e/organisation-treasury.e2e-spec.ts',
  ],
  'src/characters/character-wallets.service.ts': ['test/e2e/character-end-states.e2e-spec.ts', 'test/e2e/transfers.e2e-spec.ts'],
  'src/moderation/sanctions.service.ts': ['test/e2e/sanctions.e2e-spec.ts'],
  'src/moderation/sanction-status.service.ts': ['test/e2e/sanctions.e2e-spec.ts', 'test/e2e/staff-search.e2e-spec.ts'],
  'src/staff/admission.service.ts': [
    'test/e2e/sanctions.e2e-spec.ts',
    'test/e2e/players.e2e-spec.ts',
    'test/e2e/chat-roles.e2e-spec.ts',
    'test/e2e/organisation-staff-reads.e2e-spec.ts',
  ],
  'src/access/access.guard.ts': ['test/e2e/access.e2e-spec.ts', 'test/e2e/sanctions.e2e-spec.ts', 'test/e2e/failed-credentials.e2e-spec.ts'],
  'src/webhooks/webhook-url.ts': ['test/unit/webhook-url.spec.ts', 'test/e2e/webhooks.e2e-spec.ts', 'test/e2e/webhook-deliveries.e2e-spec.ts'],
  'src/images/validation/png.ts': ['test/unit/file-validation.spec.ts', 'test/e2e/upload-limits.e2e-spec.ts'],
  'src/images/validation/glb.ts': ['test/unit/file-validation.spec.ts', 'test/e2e/upload-limits.e2e-spec.ts'],
  'src/images/uploads/multipart.ts': ['test/unit/multipart.spec.ts', 'test/e2e/uploads.e2e-spec.ts', 'test/e2e/hostile-uploads.e2e-spec.ts', 'test/e2e/upload-limits.e2e-spec.ts'],
  'src/images/uploads/upload.ts': ['test/e2e/uploads.e2e-spec.ts', 'test/e2e/hostile-uploads.e2e-spec.ts', 'test/e2e/upload-limits.e2e-spec.ts'],
  'src/access/rate-limit.guard.ts': ['test/unit/rate-limit-key.spec.ts', 'test/e2e/rate-limit-keys.e2e-spec.ts', 'test/e2e/service-keys.e2e-spec.ts'],
};

/** The files named by `--mutate` (a line range after `:` aside), or every rule file. */
function requestedFiles(argv) {
  const at = argv.findIndex((arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='));
  if (at < 0) return Object.keys(RULE_FILES);
  const value = argv[at].startsWith('--mutate=') ? argv[at].slice('--mutate='.length) : argv[at + 1] ?? '';
  const files = value.split(',').map((pattern) => pattern.replace(/:[\d:-]+$/, ''));
  const unknown = files.filter((file) => !RULE_FILES[file]);
  if (unknown.length) throw new Error(`not a rule file of stryker.config.mjs: ${unknown.join(', ')}`);
  return files;
}

const files = requestedFiles(process.argv);
const tests = [...new Set(files.flatMap((file) => RULE_FILES[file]))];
/** One file's run keeps its own report beside the others', so that runs file by file add up. */
const reportName = files.length === 1 ? files[0].replace(/^src\//, '').replace(/\.ts$/, '').replace(/\//g, '.') : 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    enableFindRelatedTests: false,
    // The global setup builds the console for the browser tests, which no run here takes.
    config: { testMatch: tests.map((test) => `<rootDir>/${test}`), globalSetup: null, maxWorkers: 1 },
  },
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process at a time.
  concurrency: 1,
  mutate: files,
  ignorePatterns: ['/console', '/dist', '/data', '/docs', '/bench', '/deploy', '/reports', '/coverage'],
  // The files stay TypeScript for @swc/jest; their type errors under the mutant switch are not ours.
  disableTypeChecks: 'src/**/*.ts',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { logTests: false },
  htmlReporter: { fileName: `reports/mutation/${reportName}.html` },
  jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
  thresholds: { high: 90, low: 85, break: null },
  timeoutMS: 30_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
