import { TINY_PNG } from './hostile-bodies';
import { describeCase, type FuzzCase } from './fuzz-cases';
import type { FuzzTarget } from './fuzz-target';
import { type RawOutcome, type RawRequest, send } from './raw-http';
import { uncaughtErrors } from './uncaught';

/** The contract's own 500s (decisions §4.16, §4.12), by operation and exact error text. */
const DOCUMENTED_500S: Record<string, RegExp> = {
  'POST /v1/users/{userId}/characters/{characterId}/submit': /^Missing character data$/,
  'POST /v1/users/{userId}/characters/{characterId}/cancel': /^Missing character data$/,
  'GET /v1/users/{userId}/gameplatform/avatar': /^Could not retrieve the user's avatar$/,
  'GET /v1/users/{userId}/gameplatform/avatar-bust': /^Could not retrieve the user's avatar-bust$/,
  'GET /v1/users/{userId}/gameplatform/avatar-3d': /^Could not retrieve the user's avatar-3d$/,
};
/** Probes that report the dependencies' state: their 503 says a check was slow (a loaded machine), not that the input did harm. */
const DEPENDENCY_PROBES = new Set(['GET /v1/health/ready']);

function requestOf(target: FuzzTarget, c: FuzzCase): RawRequest {
  const headers: Record<string, string> = {};
  if (c.credential.kind === 'session') headers.Cookie = target.cookie;
  if (c.credential.kind === 'forged') headers[c.credential.header] = c.credential.value;
  if (c.body?.contentType) headers['Content-Type'] = c.body.contentType;
  const abortAfter = c.body && c.abortAt !== undefined ? Math.floor(c.body.bytes.length * c.abortAt) : undefined;
  return { method: c.method, target: c.target, headers, body: c.body?.bytes, abortAfter };
}

function errorText(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: string }).error;
  } catch {
    return undefined;
  }
}

/** Failures matching FUZZ_IGNORE (a regular expression) are let through: to look past a known bug. */
const IGNORED = process.env.FUZZ_IGNORE ? new RegExp(process.env.FUZZ_IGNORE) : undefined;

/** Every property of one case; throws with the case and what broke. */
export async function checkCase(target: FuzzTarget, c: FuzzCase): Promise<void> {
  try {
    await checkProperties(target, c);
  } catch (error) {
    if (!IGNORED?.test((error as Error).message)) throw error;
    target.tally(`ignored: ${(error as Error).message.split('\n')[0].slice(0, 100)}`);
  }
}

async function checkProperties(target: FuzzTarget, c: FuzzCase): Promise<void> {
  const before = await target.snapshot();
  const marks = { logs: target.errorLogs.length, uncaught: uncaughtErrors().length };
  const outcome = await send(target.url, requestOf(target, c));
  target.tally(`${c.body?.kind.split(':')[0] ?? 'no body'} ${c.credential.kind} -> ${outcome.kind === 'answered' ? outcome.status : outcome.kind}`);
  const broken = (what: string) => new Error(`${what}\n  case: ${describeCase(c)}`);
  if (outcome.kind === 'timeout') throw broken('no answer in time (the process froze or the request hung)');
  if (outcome.kind === 'answered') await checkAnswer(target, c, outcome, before, broken);
  if (outcome.kind === 'aborted' && c.body?.contentType?.startsWith('multipart/')) await checkUploadSlotsFree(target, broken);
  const health = await send(target.url, { method: 'GET', target: '/v1/health', headers: {} });
  if (health.kind !== 'answered' || health.status !== 200) throw broken(`/v1/health afterwards: ${JSON.stringify(health)}`);
  const uncaught = uncaughtErrors().slice(marks.uncaught);
  if (uncaught.length) throw broken(`uncaught exception (it would end the process): ${uncaught.join('\n')}`);
  if (target.errorLogs.length > marks.logs) throw broken(`error-level log: ${target.errorLogs.slice(marks.logs).join('\n')}`);
}

async function checkAnswer(
  target: FuzzTarget,
  c: FuzzCase,
  outcome: Extract<RawOutcome, { kind: 'answered' }>,
  before: string,
  broken: (what: string) => Error,
): Promise<void> {
  const error = errorText(outcome.text);
  const documented = (error !== undefined && DOCUMENTED_500S[c.operation]?.test(error)) || (outcome.status === 503 && DEPENDENCY_PROBES.has(c.operation));
  if (outcome.status >= 500 && !documented) {
    throw broken(`answered ${outcome.status}: ${outcome.text.slice(0, 300)}`);
  }
  if (outcome.status < 300 && c.takesJson && /^(polluted|deep)/.test(c.body?.kind ?? '')) {
    throw broken(`answered ${outcome.status}: a body decisions §7 refuses with 400 was accepted`);
  }
  if (outcome.status >= 400 && outcome.status < 500) {
    const after = await target.snapshot();
    if (after !== before) throw broken(`answered ${outcome.status} ${outcome.text.slice(0, 200)} but changed ${changedTables(before, after)}`);
    return;
  }
  if (c.method !== 'GET') await target.restoreAdmin();
}

function changedTables(before: string, after: string): string {
  const [a, b] = [JSON.parse(before), JSON.parse(after)] as Record<string, string[]>[];
  return Object.keys(b).filter((table) => JSON.stringify(a[table]) !== JSON.stringify(b[table])).join(', ');
}

/** After an aborted upload, a fresh small upload soon gets a slot again (decisions §7). */
async function checkUploadSlotsFree(target: FuzzTarget, broken: (what: string) => Error): Promise<void> {
  const [userId, characterId] = [target.known.userId[0], target.known.characterId[0]];
  const boundary = 'slotCheck';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`),
    TINY_PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let last: RawOutcome | undefined;
  for (let attempt = 0; attempt < 10; attempt++) {
    last = await send(target.url, {
      method: 'PATCH',
      target: `/v1/users/${userId}/characters/${characterId}`,
      headers: { Cookie: target.cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    if (last.kind === 'answered' && last.status !== 429) return;
    if (last.kind !== 'answered') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw broken(`upload slots not released after the abort: a fresh upload answers ${JSON.stringify(last).slice(0, 200)}`);
}
