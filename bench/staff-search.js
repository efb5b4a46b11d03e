'use strict';
// The staff search benchmark: the same searches with 1,000 and with 100,000 users (each with a
// chat link, half with a game link, one character each). Target: each search's p99 at 100,000
// within 2x of its p99 at 1,000.
const { withBenchApp } = require('./lib/bench-app');
const { measure, request } = require('./lib/latency');
const { seedStaffSearch, chatId, gameId } = require('./lib/staff-seed');

const SMALL = 1_000;
const LARGE = 100_000;
const P99_RATIO = 2;

/** Each search: a label and its path (a function of the first page's answer for the second page). */
const SEARCHES = [
  ['users, username prefix "mar"', () => '/v1/staff/users?q=mar'],
  ['users, display name prefix "José Gar" typed "jose gar"', () => '/v1/staff/users?q=jose%20gar'],
  ['users, second page of "mar" (cursor)', async (url, cookie) => {
    const first = JSON.parse((await request(url, 'GET', '/v1/staff/users?q=mar', { cookie })).text);
    return `/v1/staff/users?q=mar&cursor=${first.nextCursor}`;
  }],
  ['users, exact chat id', () => `/v1/staff/users?q=${chatId(500)}`],
  ['users, exact game id', () => `/v1/staff/users?q=${gameId(500)}`],
  ['users, no query (by id)', () => '/v1/staff/users'],
  ['characters, name prefix "gar"', () => '/v1/staff/characters?q=gar'],
  ['characters, "mar" and status=approved', () => '/v1/staff/characters?q=mar&status=approved'],
  ['characters, status=approved (no query)', () => '/v1/staff/characters?status=approved'],
];

function runStaffSearchOn(name, makeDatabase) {
  return withBenchApp(makeDatabase, async ({ app, db, cookie }) => {
    console.log(`[${name}] staff search: seeding ${SMALL} users`);
    await seedStaffSearch(db, 1, SMALL);
    const small = await measureAll(app.url, cookie);
    console.log(`[${name}] staff search: seeding up to ${LARGE} users`);
    await seedStaffSearch(db, SMALL + 1, LARGE);
    const large = await measureAll(app.url, cookie);
    const rows = SEARCHES.map(([label], i) => ({ label, small: small[i], large: large[i], ratio: large[i].p99 / small[i].p99 }));
    return { name, rows, passed: rows.every((row) => row.ratio <= P99_RATIO) };
  });
}

async function measureAll(url, cookie) {
  // Seeding outlasts the server's keep-alive timeout: the kept socket may be closed under us.
  await request(url, 'GET', '/v1/health').catch(() => undefined);
  const results = [];
  for (const [label, pathOf] of SEARCHES) {
    const path = await pathOf(url, cookie);
    const check = JSON.parse((await request(url, 'GET', path, { cookie })).text);
    const found = (check.users ?? check.characters ?? []).length;
    if (found === 0) throw new Error(`${label}: ${path} found nothing`);
    results.push({ ...(await measure(url, path, cookie, { warmup: 200, samples: 400 })), found });
  }
  return results;
}

function reportStaffSearch(results) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  for (const { name, rows, passed } of results) {
    console.log(`== ${name}: staff search, ${rows[0].small.samples} sequential requests per case after a warm-up ==`);
    for (const { label, small, large, ratio } of rows) {
      console.log(`  ${label} (${small.found} / ${large.found} results)`);
      console.log(`    ${SMALL.toLocaleString('en')} users: p50 ${ms(small.p50)}  p99 ${ms(small.p99)}`);
      console.log(`    ${LARGE.toLocaleString('en')} users: p50 ${ms(large.p50)}  p99 ${ms(large.p99)}   p99 ratio ${ratio.toFixed(2)} (target <= ${P99_RATIO})`);
    }
    console.log(passed ? 'PASS' : 'FAIL');
    console.log('');
  }
}

module.exports = { runStaffSearchOn, reportStaffSearch };
