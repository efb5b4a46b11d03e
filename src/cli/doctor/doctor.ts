import { type AppConfig, parseConfig } from '../../config/config';
import type { CliOutput } from '../main';
import { type Check, checksFor } from './doctor-checks';

/** No check may hang the doctor: each is given this long (HTTP checks use UPSTREAM_TIMEOUT_MS within it). */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Checks the configuration and reaches every dependency it names, printing one line per check
 * (with what to do when it failed). Exit code 0 when all pass, 1 otherwise. It builds no
 * application context: it has to speak precisely when the database cannot be reached.
 */
export async function runDoctor(env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  let config: AppConfig;
  try {
    config = parseConfig(env);
  } catch (error) {
    output.out(line(false, 'configuration', firstLine(error), 'set that variable as docs/operating.md (Configuration) says'));
    return 1;
  }
  output.out(line(true, 'configuration', describe(config), ''));
  let failed = 0;
  for (const check of checksFor(config, env)) {
    const result = await attempt(check);
    if (!result.ok) failed += 1;
    output.out(line(result.ok, check.name, result.text, check.fix));
  }
  output.out(failed ? `${failed} check${failed > 1 ? 's' : ''} failed` : 'all checks passed');
  return failed ? 1 : 0;
}

async function attempt(check: Check): Promise<{ ok: boolean; text: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  try {
    return { ok: true, text: await Promise.race([check.run(), timeout]) };
  } catch (error) {
    return { ok: false, text: firstLine(error) };
  } finally {
    clearTimeout(timer);
  }
}

function line(ok: boolean, name: string, text: string, fix: string): string {
  return `${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(22)} ${text}${!ok && fix ? ` — ${fix}` : ''}`;
}

/** What the configuration chose, without a secret (URLs lose their credentials). */
function describe(config: AppConfig): string {
  const parts = [
    `database ${redacted(config.databaseUrl)}`,
    `storage ${config.storageUrl}`,
    `redis ${config.redisUrl ? redacted(config.redisUrl) : 'none (in-process state)'}`,
    `sign-in ${config.devProviders ? 'development providers' : 'configured providers'}`,
    `backups ${config.backups ? `${config.backups.dir} every ${config.backups.intervalMs} ms, ${config.backups.keep} kept` : 'off'}`,
  ];
  return `valid: ${parts.join('; ')}`;
}

export function redacted(url: string): string {
  return url.replace(/\/\/([^/:@]*):[^/@]*@/, '//$1:****@');
}

function firstLine(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] || 'failed';
  return cause ? `${message} (${cause})` : message;
}
