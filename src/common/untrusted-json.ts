import { scan } from 'secure-json-parse';
import { InvalidBody } from './errors/domain-error';

/** Deeper values are refused: class-transformer and class-validator recurse once per level. */
export const JSON_MAX_DEPTH = 32;

/** The text is not JSON at all; callers word this their own way. */
export class MalformedJson extends Error {
  readonly status = 400;
}

/**
 * Parses JSON from a client with secure-json-parse's rules (no `__proto__` key, no `constructor`
 * holding a `prototype`) and at most `JSON_MAX_DEPTH` levels of objects and arrays. Every JSON
 * body and every JSON text field goes through here, before any transformer sees the value.
 */
export function parseUntrustedJson(text: string, field: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new MalformedJson(`${field} is not well-formed JSON`);
  }
  const problem = untrustedJsonProblem(value);
  if (problem) throw new InvalidBody([{ field, message: problem }]);
  return value;
}

/** Why an already parsed value may not be taken from a client, or undefined. */
export function untrustedJsonProblem(value: unknown): string | undefined {
  if (nestsDeeperThan(value, JSON_MAX_DEPTH)) return `must not nest objects or arrays more than ${JSON_MAX_DEPTH} levels deep`;
  if (value === null || typeof value !== 'object') return undefined;
  try {
    scan(value, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return 'must not hold a "__proto__" key, nor a "constructor" key holding "prototype"';
  }
  return undefined;
}

/** Recurses at most `levels` + 1 deep, whatever the depth of the value. */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (levels === 0) return true;
  for (const child of Object.values(value)) {
    if (nestsDeeperThan(child, levels - 1)) return true;
  }
  return false;
}
