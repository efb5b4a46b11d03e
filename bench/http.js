'use strict';
// The request-path benchmark (`npm run bench:http`): the product's hot reads and three floors, each
// loaded with autocannon (a warm-up pass, then the measured time in rounds that take every target in
// turn, the floors included), in one run: a shared machine's speed drifts within minutes, and
// interleaving keeps the ratios to the floor from measuring that drift.
// The floors (bench/floor.js): the same constant route on the product's own adapter and server (the
// floor every ratio is read against), on NestJS's default Express adapter, and on bare `node:http`;
// beside them bare `node:http` doing 25 and 100 µs of work per request, which shows what a route
// that costs that much more than the floor can reach on the machine at hand; and bare `node:http`
// answering the very bytes of the routes whose answers are far larger than the floor's (the
// nationalities, the image), which says what answering those bytes at all can reach here.
// SQLite always; PostgreSQL + Redis too when BENCH_DATABASE_URL (and BENCH_REDIS_URL) are set.
// It exits non-zero when a backend misses a target.
const { mkdtemp, rm, mkdir, readFile, writeFile } = require('node:fs/promises');
const { tmpdir, loadavg, cpus } = require('node:os');
const { dirname, join } = require('node:path');
const autocannon = require('autocannon');
const { startApp } = require('./lib/server');
const { openDatabase, seedCharactersOf, approveWithWallet, giveCardAssets, storePng } = require('./lib/seed');
const { signIn } = require('./lib/sign-in');
const { postgresDatabase } = require('./lib/postgres');

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CHARACTERS = 3;
const FLOOR = 'NestJS on the product\'s adapter (floor)';
const FLOORS = [
  { floor: 'product', name: FLOOR },
  { floor: 'nest', name: 'NestJS default adapter and server' },
  { floor: 'node', name: 'bare node:http' },
  // Not floors: what any route that does 25 or 100 µs of work per request reaches on this machine.
  { floor: 'node', name: 'bare node:http + 25 µs of work', env: { WORK_US: '25' } },
  { floor: 'node', name: 'bare node:http + 100 µs of work', env: { WORK_US: '100' } },
];
const NATIONALITIES = '/v1/nationalities';
const IMAGE = '/v1/images/:type/:hash';
/** Routes answering far more bytes than the floor's 100 (14 and 19 KB): each measured beside bare node:http answering the same bytes. */
const SAME_BYTES = [NATIONALITIES, IMAGE];
const ME = '/v1/users/@me';
const CHARACTER_LIST = '/v1/users/:userId/characters';
/**
 * What each backend is held to: ratios of req/s to the product-adapter floor of the same run, the
 * p99 of the named routes, and for PostgreSQL + Redis a ratio to the same route on SQLite.
 */
const TARGETS = {
  sqlite: {
    floorRatios: { '/v1/health': 0.8, [NATIONALITIES]: 0.8, [ME]: 0.4, [CHARACTER_LIST]: 0.4, [IMAGE]: 0.6 },
    p99Ms: 15,
    p99Of: ['/v1/health', NATIONALITIES, ME, CHARACTER_LIST, IMAGE],
  },
  postgres: { floorRatios: { [ME]: 0.25, [CHARACTER_LIST]: 0.25 }, p99Ms: 25, p99Of: [ME, CHARACTER_LIST], sqliteRatios: { [ME]: 0.7, [CHARACTER_LIST]: 0.7 } },
};
/** USER_HZ of /proc/<pid>/stat: 100 on Linux. */
const CLOCK_TICKS = 100;
const RSS_MIB = 200;

async function main() {
  const folder = await mkdtemp(join(tmpdir(), 'rp-bench-http-'));
  const floors = [];
  const started = { at: new Date().toISOString(), load: loadavg(), cpus: cpus().length };
  try {
    for (const { floor, name, env } of FLOORS) {
      const app = await startApp({ databaseUrl: '', storageDir: folder, script: join(__dirname, 'floor.js'), readyPath: '/floor', env: { FLOOR: floor, ...env } });
      floors.push({ name, url: `${app.url}/floor`, pid: app.pid, app });
    }
    const runs = [await runOn('sqlite', floors, folder, sqliteDatabase)];
    if (process.env.BENCH_DATABASE_URL) runs.push(await runOn('postgres', floors, folder, postgresDatabase));
    else console.log('(BENCH_DATABASE_URL unset: PostgreSQL + Redis skipped)');
    judge(runs);
    const result = { ...started, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, runs };
    for (const run of runs) report(run);
    await save(result);
    if (runs.some((run) => !run.passed)) process.exitCode = 1;
  } finally {
    for (const floor of floors) await floor.app.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

async function runOn(name, floors, folder, makeDatabase) {
  const database = await makeDatabase(join(folder, name));
  const storageDir = join(folder, name, 'files');
  await mkdir(storageDir, { recursive: true });
  const env = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...(name === 'postgres' && redisEnv()) };
  const app = await startApp({ databaseUrl: database.url, storageDir, env, nodeOptions: profileOptions(name) });
  let db;
  const replays = [];
  try {
    const cookie = await signIn(app.url);
    const me = await (await fetch(`${app.url}/v1/users/@me`, { headers: { cookie } })).json();
    db = await openDatabase(database.url);
    await seedCharactersOf(db, me.userId, CHARACTERS);
    await approveWithWallet(db, 1, 1000);
    // A submitted character has its avatar and its signature (a PNG kept as a data URL).
    await giveCardAssets(db, storageDir, 1, CHARACTERS);
    const image = await storePng(storageDir);
    const routes = [
      { name: '/v1/health', url: `${app.url}/v1/health` },
      { name: NATIONALITIES, url: `${app.url}/v1/nationalities` },
      { name: ME, url: `${app.url}/v1/users/@me`, cookie },
      { name: CHARACTER_LIST, url: `${app.url}/v1/users/${me.userId}/characters`, cookie, check: (body) => body.characters.length === CHARACTERS && body.characters[0].wallet?.balance === 1000 },
      { name: IMAGE, url: `${app.url}${image}` },
    ];
    for (const route of routes.filter((one) => SAME_BYTES.includes(one.name))) {
      replays.push(await sameBytesOf(route, join(folder, name, `same-bytes-${replays.length}`)));
    }
    const targets = [...[...floors, ...replays].map(({ name, url, pid }) => ({ name, url, pid })), ...routes];
    const rows = await measure(name, targets.map((target) => ({ pid: app.pid, ...target })));
    const rssMiB = await rssOf(app.pid);
    return withRatios(name, rows, rssMiB);
  } catch (error) {
    console.error(app.output());
    throw error;
  } finally {
    for (const replay of replays) await replay.app.stop();
    await db?.dataSource.destroy();
    await app.stop();
    await database.drop();
  }
}

function sameBytesName(route) {
  return `bare node:http answering the bytes of ${route}`;
}

/** Bare node:http answering the route's very answer (body and content type, kept in `file`), started like the floors. */
async function sameBytesOf(route, file) {
  const answer = await fetch(route.url);
  await writeFile(file, Buffer.from(await answer.arrayBuffer()));
  const env = { FLOOR: 'node', BODY_FILE: file, CONTENT_TYPE: answer.headers.get('content-type') };
  const app = await startApp({ databaseUrl: '', storageDir: dirname(file), script: join(__dirname, 'floor.js'), readyPath: '/floor', env });
  return { name: sameBytesName(route.name), url: `${app.url}/floor`, pid: app.pid, app };
}

/** Every target checked and warmed up, then measured for SECONDS in all, in ROUNDS slices taken in turn. */
async function measure(run, targets) {
  for (const target of targets) await warmUp(run, target);
  const slices = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) slices[index].push(await slice(target, SECONDS / ROUNDS));
  }
  return targets.map((target, index) => row(target.name, slices[index]));
}

async function warmUp(run, { name, url, cookie, check }) {
  const probe = await fetch(url, { headers: headersOf(cookie) });
  const body = probe.headers.get('content-type')?.includes('json') ? await probe.json() : await probe.arrayBuffer();
  if (probe.status !== 200 || (check && !check(body))) throw new Error(`${name} answered ${probe.status}`);
  console.log(`[${run}] ${name}: warm-up ${WARMUP_SECONDS} s`);
  await cannon(url, headersOf(cookie), WARMUP_SECONDS);
}

async function slice({ name, url, cookie, pid }, seconds) {
  const cpuBefore = await cpuMsOf(pid);
  const loadBefore = process.cpuUsage();
  const result = await cannon(url, headersOf(cookie), seconds);
  const load = process.cpuUsage(loadBefore);
  const cpuMs = (await cpuMsOf(pid)) - cpuBefore;
  // A wrong answer ends the run; a timeout (10 s) is the load's doing and is counted as a miss.
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers other than 2xx of ${result.requests.total}`);
  return { requests: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99, timeouts: result.errors + result.timeouts, cpuMs, loadCpuMs: (load.user + load.system) / 1000 };
}

/** A target's measured slices: req/s and CPU per request over all of them, p50 and p99 their median slice's. */
function row(name, slices) {
  const sum = (field) => slices.reduce((total, one) => total + one[field], 0);
  const requests = sum('requests');
  return {
    name,
    rps: requests / sum('seconds'),
    p50: median(slices.map((one) => one.p50)),
    p99: median(slices.map((one) => one.p99)),
    requests,
    timeouts: sum('timeouts'),
    cpuUsPerRequest: (sum('cpuMs') * 1000) / requests,
    loadCpuUsPerRequest: (sum('loadCpuMs') * 1000) / requests,
    slices,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function headersOf(cookie) {
  return cookie ? { cookie } : {};
}

function cannon(url, headers, duration) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration, setupClient: discardBodies });
}

/**
 * autocannon appends every response body to a string, which only its body checks (unused here)
 * read. Decoding a binary image as UTF-8 made the load generator, not the server, the bottleneck:
 * 2,600 req/s for the PNG against 12,800 with the bodies discarded.
 */
function discardBodies(client) {
  client.pipelinedRequests.addBody = () => undefined;
}

function withRatios(name, rows, rssMiB) {
  const floor = rows.find((row) => row.name === FLOOR);
  for (const row of rows) {
    row.ratio = row.rps / floor.rps;
    row.cpuRatio = floor.cpuUsPerRequest / row.cpuUsPerRequest;
  }
  return { name, rows, rssMiB };
}

/** Each run\'s misses against its backend\'s targets (the PostgreSQL run\'s against the SQLite run\'s figures too). */
function judge(runs) {
  const sqlite = runs.find((run) => run.name === 'sqlite');
  for (const run of runs) {
    const { floorRatios, p99Ms, p99Of, sqliteRatios = {} } = TARGETS[run.name];
    const misses = [];
    for (const row of run.rows) {
      if (row.ratio < (floorRatios[row.name] ?? 0)) misses.push(`${row.name} ${row.ratio.toFixed(2)} of the floor < ${floorRatios[row.name]}${sameBytesNote(run, row.name)}`);
      const bound = sqliteRatios[row.name];
      const onSqlite = sqlite.rows.find((other) => other.name === row.name);
      if (bound !== undefined) {
        row.sqliteRatio = row.rps / onSqlite.rps;
        if (row.sqliteRatio < bound) misses.push(`${row.name} ${row.sqliteRatio.toFixed(2)} of SQLite < ${bound}`);
      }
      if (p99Of.includes(row.name) && row.p99 > p99Ms) misses.push(`${row.name} p99 ${row.p99} ms > ${p99Ms}`);
      if (row.timeouts > 0 && row.name.startsWith('/')) misses.push(`${row.name}: ${row.timeouts} requests timed out`);
    }
    if (run.rssMiB > RSS_MIB) misses.push(`RSS ${run.rssMiB} MiB > ${RSS_MIB}`);
    Object.assign(run, { misses, passed: misses.length === 0 });
  }
}

/** Where bare node:http answering a route's bytes was measured too: what it reached. */
function sameBytesNote(run, route) {
  const replay = run.rows.find((row) => row.name === sameBytesName(route));
  return replay ? ` (bare node:http answering the same bytes: ${replay.ratio.toFixed(2)})` : '';
}

function report({ name, rows, rssMiB, misses }) {
  console.log(`\n== ${name} == (${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} rounds; p50 and p99 of the median round)`);
  console.log('| target | req/s | p50 | p99 | req/s vs floor | vs SQLite | server CPU per request | CPU vs floor | load generator CPU per request |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${Math.round(row.rps)} | ${row.p50} ms | ${row.p99} ms | ${row.ratio.toFixed(2)} | ` +
        `${row.sqliteRatio?.toFixed(2) ?? ''} | ${Math.round(row.cpuUsPerRequest)} µs | ${row.cpuRatio.toFixed(2)} | ${Math.round(row.loadCpuUsPerRequest)} µs |`,
    );
  }
  console.log(`product RSS after the run: ${rssMiB} MiB`);
  console.log(misses.length ? `MISSED: ${misses.join('; ')}` : 'PASS');
}

async function save(result) {
  const folder = join(__dirname, 'results');
  await mkdir(folder, { recursive: true });
  const file = join(folder, `http-${result.at.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${file}`);
}

/**
 * The server's CPU time (user + system) so far. Per request it is far steadier than req/s on a
 * machine others share: it says what a request costs, whatever else is running.
 */
async function cpuMsOf(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

function redisEnv() {
  return process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_KEY_PREFIX: `rp-bench-${process.pid}:` } : {};
}

/** BENCH_CPU_PROF=dir writes a V8 CPU profile of the product there (`node --cpu-prof`). */
function profileOptions(name) {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
}

async function sqliteDatabase(folder) {
  await mkdir(folder, { recursive: true });
  return { url: `sqlite:${join(folder, 'bench.sqlite')}`, drop: async () => undefined };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
