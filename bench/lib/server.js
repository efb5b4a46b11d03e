'use strict';
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const { closeSync, openSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built application (`dist/`) as its own process and waits until it is healthy.
 * `env` adds to or overrides its environment; `script` and `readyPath` start another server
 * (the bare floor of `npm run bench:http`) the same way.
 */
async function startApp({ databaseUrl, storageDir, env = {}, script = join(ROOT, 'dist', 'src', 'main.js'), readyPath = '/v1/health', nodeOptions = [] }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(tmpdir(), `rp-bench-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeOptions, script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: url,
      DATABASE_URL: databaseUrl,
      STORAGE_URL: `file:${storageDir}`,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      // The bench's webhook receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...env,
    },
    // A file, not a pipe: a loaded server at the info level writes a line per request, which
    // this process would otherwise have to read while it measures.
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const output = () => tail(logFile);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the application exited at start:\n${output()}`);
    if (waited > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the application did not become healthy:\n${output()}`);
    }
    const healthy = await fetch(`${url}${readyPath}`).then((r) => r.ok, () => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(logFile, { force: true });
    },
  };
}

function tail(file) {
  const text = readFileSync(file, 'utf8');
  return text.slice(-20_000);
}

module.exports = { startApp };
