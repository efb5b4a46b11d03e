'use strict';
const { mkdtemp, rm } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startApp } = require('./server');
const { openDatabase, staffCookie } = require('./seed');

/**
 * Runs `work({app, db, cookie, folder})` against the built application (with `env` added to its
 * environment) on a fresh database (and a second connection to it, and a MODERATOR_CHIEF's
 * cookie), then removes it all.
 */
async function withBenchApp(makeDatabase, work, { env } = {}) {
  const folder = await mkdtemp(join(tmpdir(), 'rp-bench-'));
  const database = await makeDatabase(folder);
  let app;
  let db;
  try {
    app = await startApp({ databaseUrl: database.url, storageDir: join(folder, 'files'), env });
    db = await openDatabase(database.url);
    return await work({ app, db, cookie: await staffCookie(db), folder });
  } catch (error) {
    if (app) console.error(app.output());
    throw error;
  } finally {
    await db?.dataSource.destroy();
    await app?.stop();
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  }
}

module.exports = { withBenchApp };
