'use strict';
// `npm run bench -- archive`: export and import of a community of 10,000 users, 30,000
// characters and 100,000 statement entries through the real command line (`node
// dist/src/cli/main.js export|import`), on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL.
// Each must take under 60 s with a peak RSS of the CLI process under 300 MiB; exit 1 on a miss.
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { mkdtemp, rm, stat } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { postgresDatabase } = require('./lib/postgres');

const dist = (path) => require(join(__dirname, '..', 'dist', 'src', path));
const { buildDataSourceOptions, DialectDataSource, dialectOf } = dist('database/data-source-options');
const { runMigrations } = dist('database/migrate');

const USERS = 10_000;
const CHARACTERS = 30_000;
const ENTRIES = 100_000;
const TARGETS = { seconds: 60, rssMiB: 300 };
const CLI = join(__dirname, '..', 'dist', 'src', 'cli', 'main.js');

/** `count` rows numbered 0..count-1 as `x`, in either dialect. */
function numbers(dialect, count) {
  return dialect === 'postgres'
    ? `(SELECT generate_series(0, ${count - 1}) AS x) numbers`
    : `(WITH RECURSIVE n(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM n WHERE x < ${count - 1}) SELECT x FROM n) numbers`;
}

/** Ids 19 digits long, text on SQLite. */
function id(dialect, base, expression) {
  return dialect === 'postgres' ? `(${base}::bigint + ${expression})` : `CAST(${base} + ${expression} AS TEXT)`;
}

/** Seeds in a handful of set-based statements: the benchmark times the archive, not the seeding. */
async function seed(url) {
  const dialect = dialectOf(url);
  const dataSource = await new DialectDataSource(buildDataSourceOptions(url)).initialize();
  try {
    await runMigrations(dataSource);
    const now = dialect === 'postgres' ? 'now()' : `strftime('%Y-%m-%d %H:%M:%f', 'now')`;
    const user = (x) => id(dialect, '7000000000000000000', x);
    const character = (x) => id(dialect, '8000000000000000000', x);
    const transfer = (x) => id(dialect, '8100000000000000000', x);
    await dataSource.transaction(async (m) => {
      await m.query(`INSERT INTO "users" ("id", "permissions", "maxCharacters", "activeCharacterId", "createdAt", "updatedAt")
        SELECT ${user('x')}, 1, 3, NULL, ${now}, ${now} FROM ${numbers(dialect, USERS)}`);
      await m.query(`INSERT INTO "provider_links" ("id", "userId", "providerName", "externalId", "externalMetadata", "createdAt", "updatedAt")
        SELECT ${id(dialect, '7100000000000000000', 'x')}, ${user('x')}, 'chatapp', CAST(200000000 + x AS TEXT),
               '{"id":"' || CAST(200000000 + x AS TEXT) || '","username":"player' || CAST(x AS TEXT) || '"}', ${now}, ${now}
          FROM ${numbers(dialect, USERS)}`);
      await m.query(`INSERT INTO "characters" ("id", "userId", "firstNames", "lastNames", "age", "height", "gender", "bloodType",
          "nationality", "dob", "idStatus", "avatar3dCamera", "createdAt", "updatedAt")
        SELECT ${character('x')}, ${user(`(x / 3)`)}, 'Ana María', 'García López', 30, 170, 'Femenino', 'O+', 'ARG', '1995-04-12',
               'approved', '{"position":{"x":0,"y":1,"z":2},"direction":{"x":0,"y":0,"z":1},"fov":70}', ${now}, ${now}
          FROM ${numbers(dialect, CHARACTERS)}`);
      const firstCharacter = dialect === 'postgres' ? '8000000000000000000 + ("id" - 7000000000000000000) * 3' : 'CAST(8000000000000000000 + (CAST("id" AS INTEGER) - 7000000000000000000) * 3 AS TEXT)';
      await m.query(`UPDATE "users" SET "activeCharacterId" = ${firstCharacter}`);
      await m.query(`INSERT INTO "transfers" ("id", "fromType", "fromId", "toType", "toId", "amount", "memo", "actorType", "actorId", "createdAt")
        SELECT ${transfer('x')}, 'external', NULL, 'wallet', ${character(`(x % ${CHARACTERS})`)}, 10, 'Salario', 'user', ${user('0')}, ${now}
          FROM ${numbers(dialect, ENTRIES)}`);
      await m.query(`INSERT INTO "statement_entries" ("id", "holderType", "holderId", "transferId", "amount", "balanceAfter",
          "counterpartyType", "counterpartyId", "memo", "createdAt")
        SELECT ${id(dialect, '8200000000000000000', 'x')}, 'wallet', ${character(`(x % ${CHARACTERS})`)}, ${transfer('x')}, 10,
               10 * (x / ${CHARACTERS} + 1), 'external', NULL, 'Salario', ${now}
          FROM ${numbers(dialect, ENTRIES)}`);
      await m.query(`INSERT INTO "wallets" ("characterId", "balance", "frozen", "createdAt", "updatedAt")
        SELECT e."holderId", SUM(e."amount"), ${dialect === 'postgres' ? 'false' : '0'}, ${now}, ${now}
          FROM "statement_entries" e GROUP BY e."holderId"`);
    });
  } finally {
    await dataSource.destroy();
  }
}

/** Runs the CLI, sampling its peak RSS (VmHWM) until it exits. */
function timedCli(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let peakKiB = 0;
    let output = '';
    const sample = () => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (match) peakKiB = Math.max(peakKiB, Number(match[1]));
      } catch {
        // gone already
      }
    };
    const timer = setInterval(sample, 50);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) return reject(new Error(`cli ${args[0]} exited ${code}: ${output.slice(-500)}`));
      if (process.env.BENCH_VERBOSE) console.log(output);
      resolve({ seconds: (performance.now() - started) / 1000, rssMiB: peakKiB / 1024, output });
    });
  });
}

async function runOn(name, makeDatabase) {
  const folder = await mkdtemp(join(tmpdir(), `rp-bench-archive-${name}-`));
  const source = await makeDatabase(join(folder, 'source.sqlite'));
  const target = await makeDatabase(join(folder, 'target.sqlite'));
  try {
    console.log(`[${name}] seeding ${USERS} users, ${CHARACTERS} characters, ${ENTRIES} statement entries`);
    await seed(source.url);
    const file = join(folder, 'community.tar.gz');
    console.log(`[${name}] export`);
    const exported = await timedCli(['export', file], { DATABASE_URL: source.url, STORAGE_URL: `file:${join(folder, 'files')}` });
    console.log(`[${name}] import`);
    const imported = await timedCli(['import', file], { DATABASE_URL: target.url, STORAGE_URL: `file:${join(folder, 'target-files')}` });
    const rows = JSON.parse(imported.output).imported.rows;
    if (rows.users !== USERS || rows.characters !== CHARACTERS || rows.statement_entries !== ENTRIES) throw new Error(`imported ${JSON.stringify(rows)}`);
    return { name, bytes: (await stat(file)).size, exported, imported };
  } finally {
    await source.drop();
    await target.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

async function main() {
  const sqlite = async (file) => ({ url: `sqlite:${file}`, drop: async () => undefined });
  const databases = process.env.BENCH_SQLITE === 'off' ? [] : [['sqlite', sqlite]];
  if (process.env.BENCH_DATABASE_URL) databases.push(['postgres', postgresDatabase]);
  else console.log('(BENCH_DATABASE_URL unset: PostgreSQL skipped)');
  const results = [];
  for (const [name, makeDatabase] of databases) results.push(await runOn(name, makeDatabase));
  console.log(`\nArchive of ${USERS} users, ${CHARACTERS} characters, ${ENTRIES} statement entries (targets: < ${TARGETS.seconds} s, peak RSS < ${TARGETS.rssMiB} MiB)`);
  console.log('| backend | archive | export | export peak RSS | import | import peak RSS |');
  console.log('|---|---:|---:|---:|---:|---:|');
  let passed = true;
  for (const { name, bytes, exported, imported } of results) {
    const ok = (run) => run.seconds < TARGETS.seconds && run.rssMiB < TARGETS.rssMiB;
    passed &&= ok(exported) && ok(imported);
    const cell = (run) => `${run.seconds.toFixed(1)} s${ok(run) ? '' : ' (MISSED)'}`;
    console.log(`| ${name} | ${(bytes / 1024 / 1024).toFixed(1)} MiB | ${cell(exported)} | ${exported.rssMiB.toFixed(0)} MiB | ${cell(imported)} | ${imported.rssMiB.toFixed(0)} MiB |`);
  }
  if (!passed) process.exitCode = 1;
}

module.exports = { main };
