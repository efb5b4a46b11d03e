import fc from 'fast-check';
import type { Schema } from './openapi';

/** A request body as bytes on the wire, with its content type (none: header left out). */
export interface Body {
  kind: string;
  contentType?: string;
  bytes: Buffer;
}

/** The smallest valid PNG (1×1, grey), so some uploads go all the way through. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);
/** Just over the 8 MiB PNG bound, allocated once. */
const OVERSIZED = Buffer.concat([TINY_PNG, Buffer.alloc(8 * 1024 * 1024 + 1)]);

const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 53), '', ' ', '0', '-0', 'NaN', [], {}, ['x'], { a: 1 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.nat({ max: 5000 }).map((n) => 'ñ'.repeat(n)),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

/** Values a validator must judge carefully: the schema's own, its bounds and one step past them. */
function nearValid(schema: Schema, ids: string[]): fc.Arbitrary<unknown> {
  const near: unknown[] = [...(schema.enum ?? []), ...(schema.example !== undefined ? [schema.example] : [])];
  for (const bound of [schema.minimum, schema.maximum]) if (bound !== undefined) near.push(bound, bound - 1, bound + 1, bound + 0.5);
  for (const length of [schema.minLength, schema.maxLength]) if (length !== undefined) near.push('a'.repeat(length), 'a'.repeat(length + 1));
  if (schema.type === 'string') near.push(...ids, 'Argentino', 'ARG', '1995-04-12', '1899-12-31', '2999-01-01', '2023-02-30');
  if (schema.type === 'array' && schema.items) return fc.array(fc.oneof(nearValid(schema.items, ids), wrongTyped), { maxLength: 120 });
  if (schema.type === 'object' && schema.properties) return objectOf(schema, ids);
  return near.length ? fc.constantFrom(...near) : wrongTyped;
}

function objectOf(schema: Schema, ids: string[]): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => [name, fc.oneof({ arbitrary: nearValid(property, ids), weight: 3 }, { arbitrary: wrongTyped, weight: 1 })] as const,
  );
  const known = fc.record(Object.fromEntries(entries), { requiredKeys: [] });
  const stranger = fc.dictionary(fc.constantFrom('extra', 'userId', 'id', 'idStatus', 'permissions', 'capital'), wrongTyped, { maxKeys: 2 });
  return fc.tuple(known, fc.oneof({ arbitrary: fc.constant({}), weight: 4 }, { arbitrary: stranger, weight: 1 })).map(([a, b]) => ({ ...a, ...b }));
}

const json = (kind: string, text: string, contentType = 'application/json'): Body => ({ kind, contentType, bytes: Buffer.from(text) });

/** Nesting by hand: JSON.stringify of a deep value would itself overflow for the deepest cases. */
const deep = fc.tuple(fc.integer({ min: 33, max: 20000 }), fc.boolean()).map(([depth, arrays]) =>
  json(`deep:${depth}`, arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

function polluted(schema: Schema, ids: string[]): fc.Arbitrary<Body> {
  const pollution = fc.constantFrom('"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}', '"__proto__":null', '"a":{"__proto__":{"x":1}}');
  return fc.tuple(objectOf(schema, ids), pollution).map(([valid, extra]) => {
    const text = JSON.stringify(valid);
    return json('polluted', text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`);
  });
}

const malformed = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\ud800"', '{"a":1}{"b":2}', '\u0000', '1e99999', '{"a":1,}', '').map((text) => json('malformed', text)),
  fc.constantFrom('text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16')
    .map((type) => json('wrong-type', '{"a":1}', type)),
  fc.nat({ max: 300 * 1024 }).map((n) => json('huge', `{"a":"${'x'.repeat(n)}"}`)),
);

export function jsonBody(schema: Schema, ids: string[]): fc.Arbitrary<Body> {
  return fc.oneof(
    { arbitrary: objectOf(schema, ids).map((value) => json('near-valid', JSON.stringify(value))), weight: 5 },
    { arbitrary: wrongTyped.map((value) => json('wrong-root', JSON.stringify(value) ?? 'null')), weight: 1 },
    { arbitrary: deep, weight: 1 },
    { arbitrary: polluted(schema, ids), weight: 2 },
    { arbitrary: malformed, weight: 2 },
  );
}

interface Part {
  name: string;
  filename?: string;
  content: Buffer;
}

function partsOf(schema: Schema, ids: string[]): fc.Arbitrary<Part[]> {
  const fields = Object.entries(schema.properties ?? {});
  const files = fields.filter(([, s]) => s.format === 'binary').map(([name]) => name);
  const texts = fields.filter(([, s]) => s.format !== 'binary').map(([name]) => name);
  const file = fc.tuple(fc.constantFrom(...(files.length ? files : ['icon']), 'unknownFile', 'avatar'), fc.nat({ max: 99 }))
    .map(([name, roll]): Part => ({ name, filename: roll < 5 ? '../../etc/passwd' : `${name}.png`, content: roll === 0 ? OVERSIZED : TINY_PNG }));
  const data = fc.oneof(objectOf(schema, ids).map((v) => JSON.stringify(v)), fc.constantFrom('{', '[]', '{"__proto__":{"x":1}}', 'null'));
  const text = fc.tuple(fc.constantFrom(...texts, 'data', 'unknown', ''), data).map(([name, value]): Part => ({ name, content: Buffer.from(value) }));
  return fc.array(fc.oneof(file, text), { minLength: 1, maxLength: 5 });
}

function encodeMultipart(parts: Part[], boundary: string): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n` +
      `Content-Type: ${part.filename ? 'image/png' : 'text/plain'}\r\n\r\n`),
    part.content,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** Well-formed uploads, and the same cut short, with a boundary that lies or is missing. */
export function multipartBody(schema: Schema, ids: string[]): fc.Arbitrary<Body> {
  const flaw = fc.constantFrom('none', 'none', 'truncated', 'truncated', 'bad-boundary', 'missing-boundary', 'garbage');
  return fc.tuple(partsOf(schema, ids), flaw, fc.double({ min: 0, max: 1, noNaN: true })).map(([parts, kind, cut]) => {
    const bytes = encodeMultipart(parts, 'fuzzBoundary123');
    const header = 'multipart/form-data; boundary=fuzzBoundary123';
    if (kind === 'truncated') return { kind, contentType: header, bytes: bytes.subarray(0, Math.floor(bytes.length * cut)) };
    if (kind === 'bad-boundary') return { kind, contentType: 'multipart/form-data; boundary=other', bytes };
    if (kind === 'missing-boundary') return { kind, contentType: 'multipart/form-data', bytes };
    if (kind === 'garbage') return { kind, contentType: header, bytes: Buffer.from('--fuzzBoundary123\r\n\r\n\r\n--') };
    return { kind: 'multipart', contentType: header, bytes };
  });
}
