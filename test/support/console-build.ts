import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_CONSOLE } from '../../src/console/console-site';
import { newestSource } from './freshness';

const ROOT = join(__dirname, '../..');
const INDEX = join(BUILT_CONSOLE, 'index.html');

/**
 * `npm run build:console` unless dist/console is newer than the console's and the client's
 * sources, so the browser tests never drive a stale build (CI builds before `npm test`).
 */
export function ensureConsoleBuilt(): void {
  const newest = Math.max(newestSource(join(ROOT, 'console')), newestSource(join(ROOT, 'clients/typescript')));
  if (existsSync(INDEX) && statSync(INDEX).mtimeMs >= newest) return;
  // Jest sets NODE_ENV=test, with which Vite would bundle React's development build.
  execFileSync('npm', ['run', '-s', 'build:console'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
