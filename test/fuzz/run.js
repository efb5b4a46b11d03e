#!/usr/bin/env node
// `npm run fuzz -- --runs N [--seed S] [--path P] [--postgres] [--shrink] [--ignore REGEX] [--timeout MS] [--minutes M]`: the hostile-clients
// property suite for longer, or a replay of a reported failure (seed and path come in its message).
const { spawnSync } = require('node:child_process');

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = option('runs') ?? '10000';
const seed = option('seed') ?? String((Date.now() ^ (Math.random() * 0x100000000)) | 0);
const env = {
  ...process.env,
  FUZZ_RUNS: runs,
  FUZZ_SEED: seed,
  FUZZ_PATH: option('path') ?? '',
  FUZZ_REPORT: '1',
  ...(args.includes('--postgres') ? { FUZZ_BACKEND: 'postgres' } : {}),
  ...(args.includes('--shrink') ? { FUZZ_SHRINK: '1' } : {}),
  ...(option('ignore') ? { FUZZ_IGNORE: option('ignore') } : {}),
  ...(option('timeout') ? { FUZZ_TIMEOUT_MS: option('timeout') } : {}),
  ...(option('minutes') ? { FUZZ_MINUTES: option('minutes') } : {}),
};
if (!/^\d+$/.test(runs) || !/^-?\d+$/.test(seed)) {
  console.error('usage: npm run fuzz -- --runs N [--seed S] [--path P] [--postgres] [--shrink] [--ignore REGEX] [--timeout MS] [--minutes M]');
  process.exit(2);
}
console.log(`fuzz: ${runs} cases, seed ${seed}${env.FUZZ_PATH ? `, path ${env.FUZZ_PATH}` : ''}`);
const jest = spawnSync('npx', ['jest', '--runInBand', 'test/fuzz/hostile-clients.e2e-spec.ts'], { env, stdio: 'inherit' });
process.exit(jest.status ?? 1);
