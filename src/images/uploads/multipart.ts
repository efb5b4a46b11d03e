import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { type FieldIssue, InvalidBody } from '../../common/errors/domain-error';
import { BodyTimeout } from '../../common/errors/body-timeout';
import { formatBytes } from '../validation/png';

export interface MultipartLimits {
  /** The declared file fields and the most bytes each may hold. */
  files: Record<string, number>;
  /** The declared text fields. */
  fields: readonly string[];
  /** The most bytes of one text field. */
  fieldBytes: number;
}

export interface MultipartParts {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  issues: FieldIssue[];
}

export interface BodyReading {
  /** The whole body must have arrived this long after reading starts. */
  deadlineMs: number;
  /** Aborts when the client goes away before sending the whole body. */
  signal: AbortSignal;
}

/** Room for part headers and boundaries on top of the declared contents. */
const FRAMING_BYTES = 64 * 1024;

/** Decisions §13: a body delivering less than this in any such window while it holds a slot is cut off (408). */
const STALL_WINDOW_MS = 5000;
const STALL_MIN_BYTES = 32 * 1024;
const STALL_CHECK_MS = 1000;

/**
 * Streams a multipart body, keeping at most each declared file's limit in memory. Problems with a
 * part (unknown, repeated, too large) are collected as issues while the rest is read, so the
 * client always gets its 400; a body larger than all the declared parts together is cut off.
 * It always settles: on the body's end, a parse error of any stream, the client going away
 * (rejects with the signal's reason) or the deadline (rejects with BodyTimeout).
 */
export function readMultipart(request: Request, limits: MultipartLimits, reading: BodyReading): Promise<MultipartParts> {
  const parts: MultipartParts = { fields: {}, files: {}, issues: [] };
  const totalLimit = totalBytes(limits);
  if (Number(request.headers['content-length']) > totalLimit) return Promise.resolve(tooLarge(parts, totalLimit));
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: request.headers, limits: busboyLimits(limits) });
  } catch {
    return Promise.resolve(malformed(parts));
  }
  return new Promise((resolve, reject) => {
    let received = 0;
    let settled = false;
    const progress = watchProgress(() => settle(new BodyTimeout()));
    const countBytes = (chunk: Buffer) => {
      received += chunk.length;
      progress.count(chunk.length);
      if (received > totalLimit) settle(tooLarge(parts, totalLimit));
    };
    const onAbort = () => settle(reading.signal.reason as Error);
    const timer = setTimeout(() => settle(new BodyTimeout()), reading.deadlineMs);
    /** Detaches the parser whatever happened; a body still arriving is left to the answer's bounded drain. */
    function settle(outcome: MultipartParts | Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      progress.stop();
      reading.signal.removeEventListener('abort', onAbort);
      request.off('data', countBytes);
      request.unpipe(parser);
      parser.removeAllListeners('file').removeAllListeners('field').destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    }
    // Only before settling: destroying the parser when a read ends errors it too, and that is no
    // issue of the body's.
    const failed = () => {
      if (!settled) settle(malformed(parts));
    };
    parser.on('error', failed);
    if (reading.signal.aborted) return onAbort();
    reading.signal.addEventListener('abort', onAbort, { once: true });
    request.on('data', countBytes);
    request.on('error', failed);
    collectParts(parser, parts, limits);
    parser.on('close', () => settle(parts));
    request.pipe(parser);
  });
}

/**
 * Calls `onStall` once fewer than STALL_MIN_BYTES arrived in the last STALL_WINDOW_MS (checked
 * every STALL_CHECK_MS): a client trickling its body cannot hold an upload slot for long.
 */
function watchProgress(onStall: () => void): { count(bytes: number): void; stop(): void } {
  const perCheck = new Array<number>(STALL_WINDOW_MS / STALL_CHECK_MS).fill(STALL_MIN_BYTES);
  let current = 0;
  const ticker = setInterval(() => {
    perCheck.push(current);
    perCheck.shift();
    current = 0;
    if (perCheck.reduce((sum, bytes) => sum + bytes, 0) < STALL_MIN_BYTES) onStall();
  }, STALL_CHECK_MS);
  return {
    count: (bytes) => (current += bytes),
    stop: () => clearInterval(ticker),
  };
}

/** A client that went away before its whole body arrived. */
export function bodyCutOff(): InvalidBody {
  return new InvalidBody([{ field: 'body', message: 'ended before it was complete: the client went away' }]);
}

function busboyLimits(limits: MultipartLimits): busboy.Limits {
  return {
    fileSize: Math.max(...Object.values(limits.files), 0) + 1,
    fieldSize: limits.fieldBytes + 1,
    files: Object.keys(limits.files).length + 1,
    fields: limits.fields.length + 1,
    parts: Object.keys(limits.files).length + limits.fields.length + 2,
  };
}

function collectParts(parser: busboy.Busboy, parts: MultipartParts, limits: MultipartLimits): void {
  parser.on('file', (name, stream) => readFile(parts, limits, name, stream));
  parser.on('field', (name, value, info) => readField(parts, limits, name, value, info.valueTruncated));
  for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
    parser.on(event, () => parts.issues.push({ field: 'body', message: 'has more parts than the fields allowed' }));
  }
}

function readFile(parts: MultipartParts, limits: MultipartLimits, name: string, stream: Readable): void {
  // A body cut off inside a file part errors this stream too: unhandled, it would end the process.
  stream.on('error', () => undefined);
  const maxBytes = limits.files[name];
  const problem =
    maxBytes === undefined ? 'is not a file field of this endpoint' : name in parts.files ? 'must be sent once' : undefined;
  if (problem) {
    parts.issues.push({ field: name, message: problem });
    stream.resume();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  parts.files[name] = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  });
  stream.on('end', () => {
    if (size > maxBytes) parts.issues.push({ field: name, message: `must be at most ${formatBytes(maxBytes)}` });
    else parts.files[name] = Buffer.concat(chunks);
  });
}

function readField(parts: MultipartParts, limits: MultipartLimits, name: string, value: string, truncated: boolean): void {
  if (!limits.fields.includes(name)) parts.issues.push({ field: name, message: 'is not a field of this endpoint' });
  else if (name in parts.fields) parts.issues.push({ field: name, message: 'must be sent once' });
  else if (truncated) parts.issues.push({ field: name, message: `must be at most ${formatBytes(limits.fieldBytes)}` });
  else parts.fields[name] = value;
}

function totalBytes(limits: MultipartLimits): number {
  const files = Object.values(limits.files).reduce((sum, bytes) => sum + bytes, 0);
  return files + limits.fields.length * limits.fieldBytes + FRAMING_BYTES;
}

function tooLarge(parts: MultipartParts, totalLimit: number): MultipartParts {
  parts.issues.push({ field: 'body', message: `must be at most ${formatBytes(totalLimit)} in all` });
  return parts;
}

function malformed(parts: MultipartParts): MultipartParts {
  parts.issues.push({ field: 'body', message: 'is not a well-formed multipart/form-data body' });
  return parts;
}
