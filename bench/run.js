'use strict';
// The benchmarks (`npm run bench`): staff review — pending-queue latency with 1,000 and with
// 100,000 pending characters, the time of a 100-character approve batch with its ID cards, and
// its overhead with a subscribed webhook —, transfers per second between 1,000 wallets
// (`npm run bench -- transfers` runs that case alone), and the staff search (staff-search.js);
// `npm run bench -- organisations` runs the payroll and invoice payments case (organisations.js).
// `npm run bench -- role-sync` runs the chat role sweep (role-sync.js) alone.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL names a server (a fresh database is made there).
/** Cases that load none of the other cases' modules, run alone before those load. */
const STANDALONE = { archive: './archive', 'role-sync': './role-sync' };
if (STANDALONE[process.argv[2]]) {
  require(STANDALONE[process.argv[2]])
    .main()
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
  return;
}
const { join } = require('node:path');
const { postgresDatabase } = require('./lib/postgres');
const { withBenchApp } = require('./lib/bench-app');
const { measure, request, percentile } = require('./lib/latency');
const { seedOwners, seedPending, giveCardAssets } = require('./lib/seed');
const { transfersCase, reportTransfers } = require('./lib/transfers');
const { runStaffSearchOn, reportStaffSearch } = require('./staff-search');
const { webhookOverhead } = require('./lib/webhook-case');
const { runOrganisationsOn, reportOrganisations } = require('./organisations');

const ONLY_TRANSFERS = process.argv[2] === 'transfers';
const ORGANISATIONS = process.argv[2] === 'organisations';

const SMALL = 1_000;
const LARGE = 100_000;
const PENDING = '/v1/staff/characters/pending';
const LIMIT = 20;
const DEEP_PAGE = 50;
const BATCH = 100;
const TARGETS = { p99Ratio: 2, batchMs: 5_000, webhookRatio: 1.2 };

/** `BENCH_ONLY=review` or `BENCH_ONLY=staff` runs one of the two benchmarks; `BENCH_SQLITE=off` skips SQLite. */
async function main() {
  const only = process.env.BENCH_ONLY;
  const databases = process.env.BENCH_SQLITE === 'off' ? [] : [['sqlite', sqliteDatabase]];
  if (process.env.BENCH_DATABASE_URL) databases.push(['postgres', postgresDatabase]);
  else console.log('(BENCH_DATABASE_URL unset: PostgreSQL skipped)');
  if (ORGANISATIONS) return organisations(databases);
  const review = [];
  const staff = [];
  for (const [name, makeDatabase] of databases) {
    if (only !== 'staff') review.push(await runOn(name, makeDatabase));
    if (only !== 'review') staff.push(await runStaffSearchOn(name, makeDatabase));
  }
  if (review.length) report(review);
  if (staff.length) reportStaffSearch(staff);
  if ([...review, ...staff].some((r) => !r.passed)) process.exitCode = 1;
}

/** `npm run bench -- organisations`: payroll and invoice payments beside the transfers case (organisations.js). */
async function organisations(databases) {
  const results = [];
  for (const [name, makeDatabase] of databases) results.push(await runOrganisationsOn(name, makeDatabase));
  reportOrganisations(results);
  if (results.some((result) => !result.passed)) process.exitCode = 1;
}

function runOn(name, makeDatabase) {
  return withBenchApp(makeDatabase, async ({ app, db, cookie, folder }) => {
    await seedOwners(db);
    if (ONLY_TRANSFERS) return { name, transfers: await timedTransfers(name, app.url, db), passed: true };
    console.log(`[${name}] seeding ${SMALL} pending characters`);
    await seedPending(db, 1, SMALL);
    const small = await scenarios(app.url, cookie, db, SMALL);
    console.log(`[${name}] seeding up to ${LARGE} pending characters`);
    await seedPending(db, SMALL + 1, LARGE);
    const large = await scenarios(app.url, cookie, db, LARGE);
    const batch = await approveBatch(app.url, cookie, db, join(folder, 'files'));
    console.log(`[${name}] approving with and without a subscribed webhook`);
    const webhook = await webhookOverhead({ url: app.url, cookie, db, storageDir: join(folder, 'files'), first: BATCH + 1, batch: BATCH });
    return { ...summarize(name, small, large, batch, webhook), transfers: await timedTransfers(name, app.url, db) };
  });
}

function timedTransfers(name, url, db) {
  console.log(`[${name}] transfers between 1,000 wallets`);
  return transfersCase(url, db);
}

/**
 * The same requests at both sizes: the default page, and page 50 (the last page of the small
 * queue, offset 980). The last page of the large queue is timed too, as information.
 */
async function scenarios(url, cookie, db, total) {
  const first = await request(url, 'GET', PENDING, { cookie });
  const meta = JSON.parse(first.text).meta;
  if (meta.total !== total) throw new Error(`expected ${total} pending, the API says ${meta.total}`);
  return {
    defaultPage: await measure(url, PENDING, cookie),
    deepPage: await measure(url, `${PENDING}?page=${DEEP_PAGE}&limit=${LIMIT}`, cookie),
    lastPage: await measure(url, `${PENDING}?page=${Math.ceil(total / LIMIT)}&limit=${LIMIT}`, cookie, { samples: 200 }),
    counter: await timeQuery(db, 'SELECT "count" FROM "pending_character_count"'),
    countAll: await timeQuery(db, `SELECT COUNT(*) FROM "characters" WHERE "idStatus" = 'pending_approval'`),
  };
}

/** Median of a query run on its own, straight on the database. */
async function timeQuery({ dataSource }, sql) {
  const times = [];
  for (let i = 0; i < 60; i++) {
    const started = process.hrtime.bigint();
    await dataSource.query(sql);
    if (i >= 10) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return percentile(times.sort((a, b) => a - b), 0.5);
}

async function approveBatch(url, cookie, db, storageDir) {
  const characterIds = await giveCardAssets(db, storageDir, 1, BATCH);
  const response = await request(url, 'POST', '/v1/staff/characters/approve', { cookie, body: { characterIds }, fresh: true });
  const body = JSON.parse(response.text);
  if (response.status !== 200 || body.characters.length !== BATCH || body.characters.some((c) => !c.idCardHash)) {
    throw new Error(`approve answered ${response.status}: ${response.text.slice(0, 500)}`);
  }
  return { ms: response.ms };
}

function summarize(name, small, large, batch, webhook) {
  const ratios = {
    defaultPage: large.defaultPage.p99 / small.defaultPage.p99,
    deepPage: large.deepPage.p99 / small.deepPage.p99,
  };
  ratios.webhook = webhook.withMs / webhook.withoutMs;
  const passed =
    ratios.defaultPage <= TARGETS.p99Ratio &&
    ratios.deepPage <= TARGETS.p99Ratio &&
    batch.ms < TARGETS.batchMs &&
    ratios.webhook < TARGETS.webhookRatio;
  return { name, small, large, ratios, batch, webhook, passed };
}

function report(results) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  const sizes = (key, small, large) =>
    `    ${SMALL.toLocaleString('en')} pending: p50 ${ms(small[key].p50)}  p99 ${ms(small[key].p99)}\n` +
    `    ${LARGE.toLocaleString('en')} pending: p50 ${ms(large[key].p50)}  p99 ${ms(large[key].p99)}`;
  console.log('');
  for (const { name, small, large, ratios, batch, webhook, passed, transfers } of results) {
    console.log(`== ${name} ==`);
    reportTransfers(transfers);
    if (ONLY_TRANSFERS) continue;
    console.log(`GET ${PENDING}, ${small.defaultPage.samples} sequential requests per case after a warm-up`);
    console.log(`  default page (page=1, limit=${LIMIT})\n${sizes('defaultPage', small, large)}`);
    console.log(`    p99 ratio ${ratios.defaultPage.toFixed(2)} (target <= ${TARGETS.p99Ratio})`);
    console.log(`  deep page (page=${DEEP_PAGE}, limit=${LIMIT})\n${sizes('deepPage', small, large)}`);
    console.log(`    p99 ratio ${ratios.deepPage.toFixed(2)} (target <= ${TARGETS.p99Ratio})`);
    console.log(
      `  last page of ${LARGE.toLocaleString('en')} (page=${LARGE / LIMIT}): p50 ${ms(large.lastPage.p50)}  p99 ${ms(large.lastPage.p99)}` +
        ' (information: an offset walks the covering index)',
    );
    console.log(
      `  pending total: counter row ${ms(small.counter)} / ${ms(large.counter)}; ` +
        `COUNT(*) it replaces ${ms(small.countAll)} / ${ms(large.countAll)} (p50, ${SMALL} / ${LARGE})`,
    );
    console.log(`POST /v1/staff/characters/approve, ${BATCH} characters with ID cards: ${ms(batch.ms)} (target < ${TARGETS.batchMs} ms)`);
    console.log(
      `  with a subscribed webhook (median of ${webhook.rounds} alternating rounds): ${ms(webhook.withoutMs)} without, ` +
        `${ms(webhook.withMs)} with; ratio ${ratios.webhook.toFixed(2)} (target < ${TARGETS.webhookRatio}); ${webhook.delivered} events delivered`,
    );
    console.log(passed ? 'PASS' : 'FAIL');
    console.log('');
  }
}

async function sqliteDatabase(folder) {
  return { url: `sqlite:${join(folder, 'bench.sqlite')}`, drop: async () => undefined };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
