import fc from 'fast-check';
import { testBackends } from '../support/backends';
import { checkCase } from './properties';
import { fuzzCase } from './fuzz-cases';
import { FuzzTarget } from './fuzz-target';
import { operationsOf } from './openapi';
import { send } from './raw-http';

/**
 * Property-based fuzzing of every operation of /v1/openapi.json (decisions §7): no undocumented
 * 5xx, no error log, no crash or freeze, and a refused request changes nothing. `npm test` runs a
 * bounded number of cases on SQLite; `npm run fuzz -- --runs N [--seed S --path P]` runs longer
 * or replays a reported failure.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 1500);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x100000000);
const path = process.env.FUZZ_PATH || undefined;
/** A time budget: the run stops there and reports the cases it made. */
const minutes = Number(process.env.FUZZ_MINUTES || 24 * 60);
const backend = testBackends().find((b) => b.name === (process.env.FUZZ_BACKEND === 'postgres' ? 'postgres+redis' : 'sqlite'))!;

let done = 0;
function progress(): void {
  if (process.env.FUZZ_REPORT && ++done % 5000 === 0) process.stderr.write(`fuzz: ${done} cases ${new Date().toISOString()}\n`);
}

describe(`hostile clients [${backend.name}]`, () => {
  let target: FuzzTarget;

  beforeAll(async () => {
    target = await FuzzTarget.start(backend);
  });

  afterAll(async () => {
    await target?.close();
  });

  test(`${runs} hostile requests: no 5xx, no error log, no crash, and a 4xx changes nothing`, async () => {
    const document = await send(target.url, { method: 'GET', target: '/v1/openapi.json', headers: {} });
    if (document.kind !== 'answered') throw new Error('no OpenAPI document');
    const operations = operationsOf(JSON.parse(document.text));
    const details = await fc.check(
      fc.asyncProperty(fuzzCase(operations, target.known), (c) => checkCase(target, c).finally(() => progress())),
      { numRuns: runs, seed, path, endOnFailure: !process.env.FUZZ_SHRINK, interruptAfterTimeLimit: minutes * 60_000 },
    );
    if (process.env.FUZZ_REPORT) {
      const outcomes = [...target.outcomes].sort().map(([outcome, count]) => `  ${count}\t${outcome}`);
      console.log(`fuzz: seed ${details.seed}, ${details.numRuns} cases${details.interrupted ? ' (time budget reached)' : ''}, ${details.failed ? 'FAILED' : 'passed'}\n${outcomes.join('\n')}`);
    }
    if (details.failed) {
      const options = [process.env.FUZZ_TIMEOUT_MS && `--timeout ${process.env.FUZZ_TIMEOUT_MS}`, process.env.FUZZ_IGNORE && `--ignore '${process.env.FUZZ_IGNORE}'`];
      const replay = `npm run fuzz -- --runs ${runs} --seed ${details.seed} --path ${details.counterexamplePath} ${options.filter(Boolean).join(' ')}`;
      throw new Error(`${String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance)}\n  replay: ${replay}`);
    }
  }, Math.min(runs * 200, minutes * 60_000) + 60_000);
});
