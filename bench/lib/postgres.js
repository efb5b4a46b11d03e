'use strict';
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

/** A fresh database on the BENCH_DATABASE_URL server, dropped by `drop()`. */
async function postgresDatabase() {
  const server = process.env.BENCH_DATABASE_URL;
  const name = `rp_bench_${randomBytes(6).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function onServer(serverUrl, sql) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

module.exports = { postgresDatabase };
