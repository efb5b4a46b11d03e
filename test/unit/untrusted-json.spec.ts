import { InvalidBody } from '../../src/common/errors/domain-error';
import { JSON_MAX_DEPTH, MalformedJson, parseUntrustedJson } from '../../src/common/untrusted-json';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

function issuesOf(text: string): unknown {
  try {
    parseUntrustedJson(text, 'data');
    return undefined;
  } catch (error) {
    return error instanceof InvalidBody ? error.options.details : error;
  }
}

describe('parseUntrustedJson', () => {
  it('parses ordinary JSON, a leading byte-order mark and harmless constructor keys', () => {
    expect(parseUntrustedJson('{"a":[1,{"b":null}]}', 'body')).toEqual({ a: [1, { b: null }] });
    expect(parseUntrustedJson('\ufeff{"a":1}', 'body')).toEqual({ a: 1 });
    expect(parseUntrustedJson('{"constructor":"x","c":{"constructor":{"name":1}}}', 'body')).toBeDefined();
    expect(parseUntrustedJson('"text"', 'body')).toBe('text');
  });

  it(`takes ${JSON_MAX_DEPTH} levels of nesting and refuses ${JSON_MAX_DEPTH + 1}, naming the field`, () => {
    expect(issuesOf(nested(JSON_MAX_DEPTH))).toBeUndefined();
    expect(issuesOf(`{"a":${nested(JSON_MAX_DEPTH - 1)}}`)).toBeUndefined();
    expect(issuesOf(nested(JSON_MAX_DEPTH + 1))).toEqual([{ field: 'data', message: expect.stringContaining('32 levels') }]);
    expect(issuesOf(`{"a":${nested(JSON_MAX_DEPTH)}}`)).toEqual([{ field: 'data', message: expect.stringContaining('32 levels') }]);
  });

  it('refuses 5,000 levels without overflowing the stack', () => {
    expect(issuesOf(nested(5000))).toEqual([{ field: 'data', message: expect.stringContaining('levels') }]);
    expect(issuesOf(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`)).toEqual([expect.objectContaining({ field: 'data' })]);
  });

  it.each([
    ['a top-level __proto__', '{"__proto__":{"admin":true}}'],
    ['a nested __proto__', '{"a":[{"b":{"__proto__":{}}}]}'],
    ['an escaped __proto__', '{"\\u005f_proto__":{}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
  ])('refuses %s', (_, text) => {
    expect(issuesOf(text)).toEqual([{ field: 'data', message: expect.stringContaining('__proto__') }]);
  });

  it('tells malformed text apart from refused JSON', () => {
    expect(issuesOf('{"a":')).toBeInstanceOf(MalformedJson);
    expect(issuesOf('')).toBeInstanceOf(MalformedJson);
  });
});
