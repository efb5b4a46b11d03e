import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../support/app';
import { newestSource } from '../support/freshness';

const ROOT = join(__dirname, '../..');
const MAIN = join(ROOT, 'dist/src/main.js');
const CLI = join(ROOT, 'dist/src/cli/main.js');
const STARTUP_TIMEOUT_MS = 60_000;

/** Every child started here, killed on any way out of the test process. */
const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** `npm run build` unless dist is newer than every source file (CI builds before `npm test`). */
export function ensureBuilt(): void {
  if (existsSync(MAIN) && statSync(MAIN).mtimeMs >= newestSource(join(ROOT, 'src'))) return;
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

export interface Instance {
  name: string;
  url: string;
  metricsUrl: string;
  workerId: number;
  child: ChildProcess;
  /** Everything the process wrote, for assertions and for diagnosing a failure. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node dist/src/main.js` with the environment and waits until /v1/health/ready says 200. */
export async function startInstance(name: string, env: Record<string, string>, nodeOptions: string[] = []): Promise<Instance> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const metricsPort = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env, PORT: String(port), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, exited, () => `${name} did not become ready:\n${output.slice(-3000)}`);
  const workerId = /worker id (\d+)/.exec(output)?.[1];
  if (workerId === undefined) throw new Error(`${name} logged no worker id:\n${output.slice(-2000)}`);
  return { name, url, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, workerId: Number(workerId), child, output: () => output, exited };
}

async function waitUntilReady(url: string, exited: Promise<unknown>, failure: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline && !gone) {
    const status = await fetch(`${url}/v1/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    // The "Listening … worker id" line follows listen(); give it a moment to be written.
    if (status === 200) return new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(failure());
}

/** Kills what is still running (SIGKILL): the suite's teardown. */
export async function killAll(): Promise<void> {
  const running = [...children];
  running.forEach((child) => child.kill('SIGKILL'));
  await Promise.all(running.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
}

/** The operator's CLI with the instances' database and Redis (e.g. `grant <user> SERVICE_ADMINISTRATOR`). */
export function cli(env: { DATABASE_URL: string; REDIS_URL: string; REDIS_KEY_PREFIX: string }, ...args: string[]): string {
  const { DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX } = env;
  return execFileSync(process.execPath, [CLI, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX }, encoding: 'utf8' });
}
