'use strict';
// The transfers case of `npm run bench`: throughput and latency of POST /v1/transfers from 50
// concurrent clients moving money between 1,000 wallets, and the total checked afterwards.
const http = require('node:http');
const { join } = require('node:path');
const { request, percentile } = require('./latency');

const dist = (path) => require(join(__dirname, '..', '..', 'dist', 'src', path));
const { IdGenerator } = dist('database/id-generator');
const { hashToken } = dist('common/secrets');
const { newServiceKey } = dist('service-keys/service-key-tokens');
const { Permission } = dist('common/permissions/permission');

const WALLETS = 1000;
const CLIENTS = 50;
const WARMUP = 500;
const TRANSFERS = 5000;
const START_BALANCE = 1_000_000;
/** Far from the application's ids and the review case's characters; owners are the seeded users. */
const WALLET_CHARACTER_BASE = 8_100_000_000_000_000_000n;
const USER_ID_BASE = 7_000_000_000_000_000_000n;

/** 1,000 approved characters of the seeded owners, each with a wallet of START_BALANCE. */
async function seedWallets({ dataSource, dialect }) {
  const columns = '"id", "userId", "firstNames", "lastNames", "age", "height", "gender", "bloodType", "nationality", "dob", "idStatus"';
  const constants = `'Ana María', 'García López', 30, 170, 'Femenino', 'O+', 'ARG', '1995-04-12', 'approved'`;
  const sql =
    dialect === 'postgres'
      ? [
          `INSERT INTO "characters" (${columns})
           SELECT ${WALLET_CHARACTER_BASE}::bigint + n, ${USER_ID_BASE}::bigint + n, ${constants} FROM generate_series(1, ${WALLETS}) AS n`,
          `INSERT INTO "wallets" ("characterId", "balance")
           SELECT ${WALLET_CHARACTER_BASE}::bigint + n, ${START_BALANCE} FROM generate_series(1, ${WALLETS}) AS n`,
        ]
      : [
          `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${WALLETS})
           INSERT INTO "characters" (${columns})
           SELECT CAST(${WALLET_CHARACTER_BASE} + n AS TEXT), CAST(${USER_ID_BASE} + n AS TEXT), ${constants} FROM seq`,
          `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${WALLETS})
           INSERT INTO "wallets" ("characterId", "balance")
           SELECT CAST(${WALLET_CHARACTER_BASE} + n AS TEXT), ${START_BALANCE} FROM seq`,
        ];
  for (const statement of sql) await dataSource.query(statement);
}

/** A SERVICE_ADMINISTRATOR key stored as the application stores one. */
async function serviceKey({ dataSource, dialect }) {
  const key = newServiceKey();
  const id = new IdGenerator(1001).next();
  const placeholders = dialect === 'postgres' ? '$1, $2, $3, $4' : '?, ?, ?, ?';
  await dataSource.query(`INSERT INTO "service_keys" ("id", "name", "permissions", "keyHash") VALUES (${placeholders})`, [
    id,
    'bench',
    Permission.SERVICE_ADMINISTRATOR,
    hashToken(key),
  ]);
  return key;
}

function walletRef(n) {
  return { type: 'wallet', characterId: String(WALLET_CHARACTER_BASE + BigInt(n)) };
}

/**
 * A kept-alive socket the server has just closed resets the request; it is sent again with the
 * same Idempotency-Key, as a game server would, so it can never move money twice.
 */
async function send(call, attempts = 3) {
  try {
    return await call();
  } catch (error) {
    if (error.code !== 'ECONNRESET' || attempts <= 1) throw error;
    return send(call, attempts - 1);
  }
}

/** A random transfer between two of the wallets. */
function randomTransfer() {
  const from = 1 + Math.floor(Math.random() * WALLETS);
  const to = 1 + ((from + Math.floor(Math.random() * (WALLETS - 1))) % WALLETS);
  return { path: '/v1/transfers', body: { from: walletRef(from), to: walletRef(to), amount: 1 + Math.floor(Math.random() * 100) } };
}

/** `count` POSTs (`call(n)` says which) from CLIENTS loops at once, each with its own key; every answer must be 201. */
async function drive(url, key, count, label, call = randomTransfer) {
  const through = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies = [];
  let issued = 0;
  const client = async () => {
    while (issued < count) {
      const n = issued++;
      const { path, body } = call(n);
      const headers = { authorization: `Bearer ${key}`, 'idempotency-key': `bench-${label}-${n}` };
      const response = await send(() => request(url, 'POST', path, { body, headers, through }));
      if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${response.text}`);
      latencies.push(response.ms);
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  through.destroy();
  return summary(count, seconds, latencies);
}

/** Rate, p50 and p99 of `count` requests taking `seconds` in all, with their latencies (kept, to merge slices). */
function summary(count, seconds, latencies) {
  const sorted = latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), count, seconds, latencies: sorted };
}

/** The transfers case on freshly seeded wallets; `key` is a SERVICE_ADMINISTRATOR key stored for the case. */
async function transfersCase(url, db, key) {
  key = await walletsWarmedUp(url, db, key);
  const result = await drive(url, key, TRANSFERS, 'timed');
  await checkWallets(db);
  return result;
}

/** The wallets seeded and the transfers warmed up; the key (made when not given). */
async function walletsWarmedUp(url, db, key) {
  await seedWallets(db);
  key ??= await serviceKey(db);
  await drive(url, key, WARMUP, 'warmup');
  return key;
}

async function checkWallets(db) {
  const [{ total }] = await db.dataSource.query('SELECT SUM("balance") AS "total" FROM "wallets"');
  if (Number(total) !== WALLETS * START_BALANCE) throw new Error(`the wallets hold ${total}, not ${WALLETS * START_BALANCE}`);
}

function reportTransfers(result) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  console.log(
    `POST /v1/transfers, ${CLIENTS} concurrent clients between ${WALLETS.toLocaleString('en')} wallets, ${result.count} transfers:` +
      ` ${result.perSecond.toFixed(0)} transfers/s, p50 ${ms(result.p50)}  p99 ${ms(result.p99)} (total checked unchanged)`,
  );
}

module.exports = { transfersCase, walletsWarmedUp, reportTransfers, drive, summary, serviceKey, walletRef, CLIENTS, TRANSFERS, WALLETS, WALLET_CHARACTER_BASE, USER_ID_BASE };
