'use strict';
// `npm run bench -- organisations`: the payroll of an organisation with 500 members (target on
// PostgreSQL: under 2 s) and invoice payments per second from 50 concurrent clients to 20
// organisations, against the transfers case's rate in the same run (target: at least 0.8 of it),
// the two taken in turn in ROUNDS slices so that a shared machine's drift is not read as a ratio;
// the same into one treasury, a row every payment then waits for, as information. Totals are checked after.
const { withBenchApp } = require('./lib/bench-app');
const { request } = require('./lib/latency');
const { seedOwners } = require('./lib/seed');
const { CLIENTS, TRANSFERS, drive, reportTransfers, serviceKey, summary, walletRef, walletsWarmedUp } = require('./lib/transfers');

const MEMBERS = 500;
const SALARY = 100;
const PAYROLLS = 5;
const INVOICES = 3000;
/** Issuers of the invoices: a city's shops, garages and services, so payments spread as they would. */
const ISSUERS = 20;
const WARMUP = 300;
const ROUNDS = 5;
const TARGETS = { payrollMs: 2000, paymentRatio: 0.8 };

function runOrganisationsOn(name, makeDatabase) {
  return withBenchApp(makeDatabase, async ({ app, db }) => {
    await seedOwners(db);
    const key = await serviceKey(db);
    console.log(`[${name}] 1,000 wallets`);
    await walletsWarmedUp(app.url, db, key);
    const organisationId = await anOrganisation(app.url, key, 'Policía de prueba');
    console.log(`[${name}] payroll of ${MEMBERS} members`);
    const payrollMs = await payrolls(app.url, key, db, organisationId);
    console.log(`[${name}] ${TRANSFERS} transfers and ${INVOICES - WARMUP} invoice payments to ${ISSUERS} organisations in ${ROUNDS} rounds, then payments to one`);
    const issuers = [organisationId];
    for (let n = 1; n < ISSUERS; n++) issuers.push(await anOrganisation(app.url, key, `Comercio ${n}`, 'business'));
    const { transfers, payments } = await inTurn(app.url, key, await invoicesWarmedUp(app.url, key, issuers, 'spread'));
    const oneIssuer = await invoicePayments(app.url, key, [organisationId], 'one');
    await checkTotal(db);
    const ratio = payments.perSecond / transfers.perSecond;
    const passed = ratio >= TARGETS.paymentRatio && (name !== 'postgres' || Math.max(...payrollMs) < TARGETS.payrollMs);
    return { name, transfers, payrollMs, payments, oneIssuer, ratio, passed };
  });
}

async function post(url, key, path, body, idempotencyKey) {
  const headers = { authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
  const response = await request(url, 'POST', path, { body, headers });
  if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${response.text}`);
  return { ms: response.ms, body: JSON.parse(response.text) };
}

async function anOrganisation(url, key, name, type = 'job') {
  const grades = [{ name: 'Agente', salary: SALARY, rights: [] }, { name: 'Jefe', salary: SALARY, rights: [] }];
  const { body } = await post(url, key, '/v1/organisations', { name, type, grades });
  return body.organisationId;
}

/** 500 members (the first wallets' characters) hired through the API, a funded treasury, then PAYROLLS timed payrolls. */
async function payrolls(url, key, db, organisationId) {
  for (let n = 1; n <= MEMBERS; n++) {
    await post(url, key, `/v1/organisations/${organisationId}/members`, { characterId: walletRef(n).characterId, grade: n === 1 ? 1 : 0 });
  }
  const treasury = { type: 'organisation', organisationId };
  await post(url, key, '/v1/transfers', { from: { type: 'external' }, to: treasury, amount: MEMBERS * SALARY * PAYROLLS }, 'bench-fund-treasury');
  const times = [];
  for (let run = 0; run < PAYROLLS; run++) {
    const { ms, body } = await post(url, key, `/v1/organisations/${organisationId}/payroll`, undefined, `bench-payroll-${run}`);
    if (body.paid.length !== MEMBERS) throw new Error(`payroll paid ${body.paid.length} members`);
    times.push(ms);
  }
  const [{ balance }] = await db.dataSource.query(`SELECT "balance" FROM "organisations" WHERE "id" = ${db.dialect === 'postgres' ? '$1' : '?'}`, [organisationId]);
  if (Number(balance) !== 0) throw new Error(`the treasury holds ${balance} after the payrolls`);
  return times;
}

/**
 * INVOICES invoices from the issuers in turn to the wallets, issued untimed, the first WARMUP paid
 * from CLIENTS loops at once; `pay(offset)` names the payment of the remaining ones, from `offset`.
 */
async function invoicesWarmedUp(url, key, issuers, label) {
  const ids = [];
  for (let n = 0; n < INVOICES; n++) {
    const to = { characterId: walletRef(1 + (n % 1000)).characterId };
    const from = { type: 'organisation', organisationId: issuers[n % issuers.length] };
    const { body } = await post(url, key, '/v1/invoices', { kind: 'invoice', from, to, amount: 1 + (n % 50), reason: 'Servicio' }, `bench-invoice-${label}-${n}`);
    ids.push({ id: body.invoiceId, from: walletRef(1 + (n % 1000)) });
  }
  const pay = (offset) => (n) => ({ path: `/v1/invoices/${ids[WARMUP + offset + n].id}/pay`, body: { from: ids[WARMUP + offset + n].from } });
  await drive(url, key, WARMUP, `pay-warmup-${label}`, (n) => ({ path: `/v1/invoices/${ids[n].id}/pay`, body: { from: ids[n].from } }));
  return { pay, label, count: INVOICES - WARMUP };
}

async function invoicePayments(url, key, issuers, label) {
  const { pay, count } = await invoicesWarmedUp(url, key, issuers, label);
  return drive(url, key, count, `pay-timed-${label}`, pay(0));
}

/** Transfers and payments of the invoices in ROUNDS slices taken in turn; each case's rate over all of its slices. */
async function inTurn(url, key, invoices) {
  const transfers = [];
  const payments = [];
  for (let round = 0; round < ROUNDS; round++) {
    transfers.push(await drive(url, key, TRANSFERS / ROUNDS, `timed-${round}`));
    const slice = invoices.count / ROUNDS;
    payments.push(await drive(url, key, slice, `pay-timed-${invoices.label}-${round}`, invoices.pay(round * slice)));
  }
  return { transfers: merged(transfers), payments: merged(payments) };
}

function merged(slices) {
  const sum = (field) => slices.reduce((total, slice) => total + slice[field], 0);
  return summary(sum('count'), sum('seconds'), slices.flatMap((slice) => slice.latencies));
}

/** Money neither appears nor vanishes: wallets and the treasury hold what came in. */
async function checkTotal({ dataSource }) {
  const [{ wallets }] = await dataSource.query('SELECT SUM("balance") AS "wallets" FROM "wallets"');
  const [{ treasuries }] = await dataSource.query('SELECT SUM("balance") AS "treasuries" FROM "organisations"');
  const expected = 1000 * 1_000_000 + MEMBERS * SALARY * PAYROLLS;
  if (Number(wallets) + Number(treasuries) !== expected) throw new Error(`the holders hold ${Number(wallets) + Number(treasuries)}, not ${expected}`);
}

function reportOrganisations(results) {
  const ms = (value) => `${value.toFixed(0)} ms`;
  for (const result of results) {
    console.log(`\n[${result.name}]`);
    reportTransfers(result.transfers);
    console.log(`POST …/payroll, ${MEMBERS} members paid: ${result.payrollMs.map(ms).join(', ')} (slowest ${ms(Math.max(...result.payrollMs))}; target on PostgreSQL < ${TARGETS.payrollMs} ms)`);
    console.log(
      `POST /v1/invoices/:id/pay, ${CLIENTS} concurrent clients, ${result.payments.count} payments: ${result.payments.perSecond.toFixed(0)} payments/s,` +
        ` p50 ${result.payments.p50.toFixed(2)} ms  p99 ${result.payments.p99.toFixed(2)} ms; ${result.ratio.toFixed(2)} of the transfers rate (target ≥ ${TARGETS.paymentRatio})`,
    );
    console.log(
      `  the same into one treasury (every payment waits for that row): ${result.oneIssuer.perSecond.toFixed(0)} payments/s,` +
        ` p50 ${result.oneIssuer.p50.toFixed(2)} ms  p99 ${result.oneIssuer.p99.toFixed(2)} ms; ${(result.oneIssuer.perSecond / result.transfers.perSecond).toFixed(2)} of the transfers rate (information)`,
    );
    console.log(result.passed ? 'PASS' : 'FAIL');
  }
}

module.exports = { runOrganisationsOn, reportOrganisations };
