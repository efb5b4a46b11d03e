import fc from 'fast-check';

/** Known ids of the fixture, by path parameter name, so some requests reach the services. */
export type KnownIds = Record<string, string[]>;

const encodeSafely = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'));
  }
};

/** Path segments as sent on the wire (already encoded, or deliberately badly encoded). */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '@me', '@ME', '@me%00', '%40me', '..', '%2e%2e', '..%2F..', '%2F', '%2f%2fevil', '%5C', '%00', '%',
    '%E0%A4%A', '%ZZ', '0', '-1', '1.5', '1e3', '%201', '0x10', '18446744073709551616', '9223372036854775807',
    '9223372036854775808', '00000000000000000001', 'null', 'undefined', '__proto__', 'constructor', '[]', '%7B%7D',
  ),
  fc.nat({ max: 3000 }).map((n) => '9'.repeat(n + 1)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeSafely),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeSafely),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

export function pathValue(name: string, known: KnownIds): fc.Arbitrary<string> {
  const ids = known[name] ?? [];
  return ids.length ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 3 }, { arbitrary: hostileSegment, weight: 2 }) : hostileSegment;
}

/** A query string with the operation's own keys and strangers: arrays, repeats, huge values. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...names, 'page', 'limit', '__proto__', 'constructor[prototype][x]', 'a[b][c]', ''),
    fc.string({ maxLength: 10 }).map(encodeSafely),
  );
  const value = fc.oneof(
    fc.constantFrom('1', '0', '-1', '50', '51', 'true', 'false', '1e400', 'NaN', '', '%', '%00', '1.5', '9007199254740993'),
    fc.nat({ max: 4000 }).map((n) => 'x'.repeat(n)),
    fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeSafely),
  );
  const pair = fc.tuple(key, fc.constantFrom('', '[]', '[0]', '[a]'), value).map(([k, suffix, v]) => `${k}${suffix}=${v}`);
  return fc.array(pair, { maxLength: 6 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

/** What the client presents: the fixture's session, nothing, or a forged credential. */
export type Credential = { kind: 'session' } | { kind: 'none' } | { kind: 'forged'; header: string; value: string };

export const credential: fc.Arbitrary<Credential> = fc.oneof(
  { arbitrary: fc.constant<Credential>({ kind: 'session' }), weight: 6 },
  { arbitrary: fc.constant<Credential>({ kind: 'none' }), weight: 2 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('Cookie', 'Authorization'),
        fc.oneof(
          fc.constantFrom('access_token=@me.x', 'access_token=1.AAAA; refresh_token=1.BBBB', 'Bearer ', 'Bearer 1.' + 'A'.repeat(43)),
          fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        ),
      )
      .map(([header, value]): Credential => ({ kind: 'forged', header, value: value.replace(/[\r\n]/g, '') })),
    weight: 1,
  },
);
