/**
 * The edges of reading a multipart body that a test over HTTP cannot pin: the stall window and the
 * deadline to the millisecond (fake clock), a body of exactly the total limit by its Content-Length
 * or by what arrived, and each limit of parts. readMultipart reads here from a stream standing in
 * for the request, with small limits of the test's own.
 */
import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { BodyTimeout } from '../../src/common/errors/body-timeout';
import { type MultipartLimits, type MultipartParts, readMultipart } from '../../src/images/uploads/multipart';

const BOUNDARY = 'unit-boundary';
const FRAMING_BYTES = 64 * 1024;

/** One file of at most 10 bytes and one text field of at most 100: 65,646 bytes in all. */
const LIMITS: MultipartLimits = { files: { file: 10 }, fields: ['data'], fieldBytes: 100 };
const TOTAL = 10 + 100 + FRAMING_BYTES;

type Part = { name: string; value: string } | { name: string; file: Buffer };

/** The parts as a body; a preamble, which the parser skips, ends with a line break before the first boundary. */
function partsOf(parts: Part[], preamble?: string): Buffer {
  const chunks: Buffer[] = [Buffer.from(preamble === undefined ? '' : `${preamble}\r\n`)];
  for (const part of parts) {
    if ('file' in part) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="f.bin"\r\n\r\n`));
      chunks.push(part.file, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A body of these parts made exactly `bytes` long by a preamble, which the parser skips. */
function partsOfLength(parts: Part[], bytes: number): Buffer {
  const body = partsOf(parts, '');
  return partsOf(parts, 'p'.repeat(bytes - body.length));
}

/** A stream standing in for the request, with its headers; its errors are for readMultipart to notice. */
function aRequest(headers: Record<string, string> = {}): Request & PassThrough {
  const request = Object.assign(new PassThrough(), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  }) as unknown as Request & PassThrough;
  request.on('error', () => undefined);
  return request;
}

/** Reads `request`, remembering the outcome as soon as it is known. */
function reading(request: Request, options: { limits?: MultipartLimits; deadlineMs?: number; signal?: AbortSignal } = {}) {
  let outcome: { parts?: MultipartParts; error?: unknown } | undefined;
  const done = readMultipart(request, options.limits ?? LIMITS, {
    deadlineMs: options.deadlineMs ?? 60_000,
    signal: options.signal ?? new AbortController().signal,
  }).then(
    (parts) => (outcome = { parts }),
    (error: unknown) => (outcome = { error }),
  );
  return { done, outcome: () => outcome };
}

/** Lets the streams and promises run (the clock's timers are fake, setImmediate is not). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** The read is still under way `ms` - 1 milliseconds from now, and cut off with BodyTimeout at `ms`. */
async function expectCutOffAfter(outcome: () => { error?: unknown } | undefined, ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms - 1);
  await settle();
  expect(outcome()).toBeUndefined();
  await jest.advanceTimersByTimeAsync(1);
  await settle();
  expect(outcome()?.error).toBeInstanceOf(BodyTimeout);
}

async function read(body: Buffer, headers: Record<string, string> = {}, limits = LIMITS): Promise<MultipartParts> {
  const request = aRequest(headers);
  const result = readMultipart(request, limits, { deadlineMs: 60_000, signal: new AbortController().signal });
  request.end(body);
  return result;
}

const tooLarge = { field: 'body', message: `must be at most ${TOTAL} bytes in all` };

/** One file of up to 100 KiB and no text field: room for a body that trickles for a while. */
const ONE_LARGE_FILE: MultipartLimits = { files: { file: 100 * 1024 }, fields: [], fieldBytes: 0 };

describe('readMultipart', () => {
  describe('on a fake clock', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('cuts off a body of which nothing arrives 5 s after reading starts, not a millisecond before', async () => {
      const request = aRequest();
      const { outcome } = reading(request);
      await expectCutOffAfter(outcome, 5000);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('keeps a body of which exactly 32 KiB arrived in the last 5 s, and cuts it off once a window holds less', async () => {
      const request = aRequest();
      const { outcome } = reading(request, { limits: ONE_LARGE_FILE });
      request.write(Buffer.from('p'.repeat(32 * 1024)));
      await settle();
      await expectCutOffAfter(outcome, 6000);
    });

    it('cuts off a body trickling 6 KiB a second (30 KiB in 5 s) once its first 5 s have passed', async () => {
      const request = aRequest();
      const { outcome } = reading(request, { limits: ONE_LARGE_FILE });
      for (let second = 0; second < 4; second++) {
        request.write(Buffer.from('p'.repeat(6 * 1024)));
        await settle();
        await jest.advanceTimersByTimeAsync(1000);
      }
      request.write(Buffer.from('p'.repeat(6 * 1024)));
      await settle();
      await expectCutOffAfter(outcome, 1000);
    });

    it('keeps a body trickling 8 KiB a second, and reads it to its end', async () => {
      const request = aRequest();
      const { outcome, done } = reading(request, { limits: ONE_LARGE_FILE });
      for (let second = 0; second < 10; second++) {
        request.write(Buffer.from('p'.repeat(8 * 1024)));
        await settle();
        await jest.advanceTimersByTimeAsync(1000);
      }
      await settle();
      expect(outcome()).toBeUndefined();
      request.end(partsOf([{ name: 'file', file: Buffer.from('abc') }], ''));
      await done;
      expect(outcome()?.parts).toEqual({ fields: {}, files: { file: Buffer.from('abc') }, issues: [] });
      expect(jest.getTimerCount()).toBe(0);
    });

    it('answers BodyTimeout at its deadline, not a millisecond before, even while the body flows', async () => {
      const request = aRequest();
      const { outcome } = reading(request, { deadlineMs: 2000, limits: { files: { file: 100 * 1024 }, fields: [], fieldBytes: 0 } });
      request.write(Buffer.from('p'.repeat(40 * 1024)));
      await expectCutOffAfter(outcome, 2000);
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  it('rejects with the signal’s reason when the client goes away while the body arrives', async () => {
    const request = aRequest();
    const controller = new AbortController();
    const { done, outcome } = reading(request, { signal: controller.signal });
    request.write(Buffer.from(`--${BOUNDARY}\r\n`));
    await settle();
    const gone = new Error('gone');
    controller.abort(gone);
    await done;
    expect(outcome()?.error).toBe(gone);
  });

  it('answers a body whose request stream fails as not well-formed', async () => {
    const request = aRequest();
    const { done, outcome } = reading(request);
    request.write(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}`));
    await settle();
    request.destroy(new Error('connection reset'));
    await done;
    expect(outcome()?.parts?.issues[0]).toEqual({ field: 'body', message: 'is not a well-formed multipart/form-data body' });
  });

  it('answers a body that ends inside a file part as not well-formed', async () => {
    const body = partsOf([{ name: 'data', value: '{}' }, { name: 'file', file: Buffer.from('0123456789') }]);
    expect(await read(body.subarray(0, body.length - 20))).toEqual({
      fields: { data: '{}' },
      files: { file: Buffer.alloc(0) },
      issues: [{ field: 'body', message: 'is not a well-formed multipart/form-data body' }],
    });
  });

  it('answers a multipart body without a boundary as not well-formed, without reading it', async () => {
    const request = aRequest({ 'content-type': 'multipart/form-data' });
    expect(await readMultipart(request, LIMITS, { deadlineMs: 60_000, signal: new AbortController().signal })).toEqual({
      fields: {},
      files: {},
      issues: [{ field: 'body', message: 'is not a well-formed multipart/form-data body' }],
    });
    expect(request.listenerCount('data')).toBe(0);
  });

  it('reads a body declaring exactly the total limit, and refuses one declaring a byte more without reading it', async () => {
    const body = partsOf([{ name: 'data', value: '{}' }]);
    expect(await read(body, { 'content-length': String(TOTAL) })).toEqual({ fields: { data: '{}' }, files: {}, issues: [] });
    const request = aRequest({ 'content-length': String(TOTAL + 1) });
    const refused = await readMultipart(request, LIMITS, { deadlineMs: 60_000, signal: new AbortController().signal });
    expect(refused).toEqual({ fields: {}, files: {}, issues: [tooLarge] });
    expect(request.listenerCount('data')).toBe(0);
  });

  it('reads a body of exactly the total limit sent without a length, and cuts off one a byte longer', async () => {
    const parts: Part[] = [{ name: 'data', value: '{}' }, { name: 'file', file: Buffer.from('0123456789') }];
    expect(await read(partsOfLength(parts, TOTAL))).toEqual({ fields: { data: '{}' }, files: { file: Buffer.from('0123456789') }, issues: [] });
    const over = await read(partsOfLength(parts, TOTAL + 1));
    expect(over.issues).toEqual([tooLarge]);
  });

  it('counts the bytes of every chunk toward the total limit', async () => {
    const request = aRequest();
    const result = readMultipart(request, LIMITS, { deadlineMs: 60_000, signal: new AbortController().signal });
    for (let i = 0; i < 70; i++) request.write(Buffer.from('p'.repeat(1024)));
    expect((await result).issues).toEqual([tooLarge]);
    request.destroy();
  });

  it('the total limit is the declared files and text fields plus 64 KiB of framing', async () => {
    const limits: MultipartLimits = { files: { a: 1000, b: 2000 }, fields: ['x', 'y', 'z'], fieldBytes: 300 };
    const total = 1000 + 2000 + 3 * 300 + FRAMING_BYTES;
    expect((await read(partsOf([]), { 'content-length': String(total + 1) }, limits)).issues).toEqual([
      { field: 'body', message: `must be at most ${total} bytes in all` },
    ]);
    expect((await read(partsOf([]), { 'content-length': String(total) }, limits)).issues).toEqual([]);
  });

  it('takes a file of exactly its limit and a text field of exactly its limit', async () => {
    const value = 'v'.repeat(100);
    expect(await read(partsOf([{ name: 'data', value }, { name: 'file', file: Buffer.from('0123456789') }]))).toEqual({
      fields: { data: value },
      files: { file: Buffer.from('0123456789') },
      issues: [],
    });
  });

  it('refuses a file or a text field one byte over its limit, naming it', async () => {
    const parts = await read(partsOf([{ name: 'data', value: 'v'.repeat(101) }, { name: 'file', file: Buffer.from('0123456789a') }]));
    expect(parts.issues).toEqual([
      { field: 'data', message: 'must be at most 100 bytes' },
      { field: 'file', message: 'must be at most 10 bytes' },
    ]);
    expect(parts.fields).toEqual({});
  });

  it('refuses a text field sent twice, and a file sent twice, keeping the first', async () => {
    expect(await read(partsOf([{ name: 'data', value: '1' }, { name: 'data', value: '2' }]))).toEqual({
      fields: { data: '1' },
      files: {},
      issues: [{ field: 'data', message: 'must be sent once' }],
    });
    expect(await read(partsOf([{ name: 'file', file: Buffer.from('first') }, { name: 'file', file: Buffer.from('second') }]))).toEqual({
      fields: {},
      files: { file: Buffer.from('first') },
      issues: [{ field: 'file', message: 'must be sent once' }],
    });
  });

  it('refuses undeclared text and file fields', async () => {
    const parts = await read(partsOf([{ name: 'nickname', value: 'x' }, { name: 'passport', file: Buffer.from('p') }]));
    expect(parts.issues).toEqual([
      { field: 'nickname', message: 'is not a field of this endpoint' },
      { field: 'passport', message: 'is not a file field of this endpoint' },
    ]);
  });

  describe('names a body of more parts than the endpoint declares', () => {
    const moreParts = { field: 'body', message: 'has more parts than the fields allowed' };
    // One declared file and one text field: at most 2 files, 2 text fields and 4 parts are read.

    it('more files', async () => {
      const file = Buffer.from('x');
      const parts = await read(partsOf([{ name: 'file', file }, { name: 'other', file }, { name: 'third', file }]));
      expect(parts.issues).toEqual([{ field: 'other', message: 'is not a file field of this endpoint' }, moreParts]);
    });

    it('more text fields', async () => {
      const parts = await read(partsOf([{ name: 'data', value: '{}' }, { name: 'other', value: 'x' }, { name: 'third', value: 'x' }]));
      expect(parts.issues).toEqual([{ field: 'other', message: 'is not a field of this endpoint' }, moreParts]);
    });

    it('more parts', async () => {
      const file = Buffer.from('x');
      const parts = await read(
        partsOf([{ name: 'data', value: '{}' }, { name: 'file', file }, { name: 'other', value: 'x' }, { name: 'another', file }, { name: 'fifth', value: 'x' }]),
      );
      expect(parts.issues).toEqual([
        { field: 'other', message: 'is not a field of this endpoint' },
        { field: 'another', message: 'is not a file field of this endpoint' },
        moreParts,
      ]);
    });
  });
});
