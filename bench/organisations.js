'use strict';
// `npm run bench -- organisations`: the payroll of an organisation with 500 members (target on
// PostgreSQL: under 2 s) and invoice payments per second from 50 concurrent clients to 20
// organisations, against the transfers case's rate in the same run (target: at least 0.8 of it);
// the same into one treasury, a row every payment then waits for, as information. Totals are checked after.
const { withBenchApp } = require('./lib/bench-app');
const { request } = require('./lib/latency');
const { seedOwners } = require('./lib/seed');
const { CLIENTS, drive, reportTransfers, serviceKey, transfersCase, walletRef } = require('./lib/transfers');

const MEMBERS = 500;
const SALARY = 100;
const PAYROLLS = 5;
const INVOICES = 3000;
/** Issuers of the invoices: a city's shops, garages and services, so payments spread as they would. */
const ISSUERS = 20;
const WARMUP = 300;
const TARGETS = { payrollMs: 2000, paymentRatio: 0.8 };

function runOrganisationsOn(name, makeDatabase) {
  return withBenchApp(makeDatabase, async ({ app, db }) => {
    await seedOwners(db);
    const key = await serviceKey(db);
    console.log(`[${name}] transfers between 1,000 wallets`);
    const transfers = await transfersCase(app.url, db, key);
    const organisationId = await anOrganisation(app.url, key, 'Policía de prueba');
    console.log(`[${name}] payroll of ${MEMBERS} members`);
    const payrollMs = await payrolls(app.url, key, db, organisationId);
    console.log(`[${name}] ${INVOICES} invoice payments to ${ISSUERS} organisations, then to one`);
    const issuers = [organisationId];
    for (let n = 1; n < ISSUERS; n++) issuers.push(await anOrganisation(app.url, key, `Comercio ${n}`, 'business'));
    const payments = await invoicePayments(app.url, key, issuers, 'spread');
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

/** INVOICES invoices from the issuers in turn to the wallets, issued untimed, then paid from CLIENTS loops at once. */
async function invoicePayments(url, key, issuers, label) {
  const ids = [];
  for (let n = 0; n < INVOICES; n++) {
    const to = { characterId: walletRef(1 + (n % 1000)).characterId };
    const from = { type: 'organisation', organisationId: issuers[n % issuers.length] };
    const { body } = await post(url, key, '/v1/invoices', { kind: 'invoice', from, to, amount: 1 + (n % 50), reason: 'Servicio' }, `bench-invoice-${label}-${n}`);
    ids.push({ id: body.invoiceId, from: walletRef(1 + (n % 1000)) });
  }
  const pay = (offset) => (n) => ({ path: `/v1/invoices/${ids[offset + n].id}/pay`, body: { from: ids[offset + n].from } });
  await drive(url, key, WARMUP, `pay-warmup-${label}`, pay(0));
  return drive(url, key, INVOICES - WARMUP, `pay-timed-${label}`, pay(WARMUP));
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
