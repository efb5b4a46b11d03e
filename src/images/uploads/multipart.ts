import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import type { FieldIssue } from '../../common/errors/domain-error';
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

/** Room for part headers and boundaries on top of the declared contents. */
const FRAMING_BYTES = 64 * 1024;

/**
 * Streams a multipart body, keeping at most each declared file's limit in memory. Problems with a
 * part (unknown, repeated, too large) are collected as issues while the rest is drained, so the
 * client always gets its 400; a body larger than all the declared parts together is cut off.
 */
export function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartParts> {
  const parts: MultipartParts = { fields: {}, files: {}, issues: [] };
  const totalLimit = totalBytes(limits);
  const declared = Number(request.headers['content-length']);
  if (declared > totalLimit) return Promise.resolve(tooLarge(parts, totalLimit));
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: {
          fileSize: Math.max(...Object.values(limits.files), 0) + 1,
          fieldSize: limits.fieldBytes + 1,
          files: Object.keys(limits.files).length + 1,
          fields: limits.fields.length + 1,
          parts: Object.keys(limits.files).length + limits.fields.length + 2,
        },
      });
    } catch {
      resolve(malformed(parts));
      return;
    }
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > totalLimit) {
        request.unpipe(parser);
        request.resume();
        resolve(tooLarge(parts, totalLimit));
      }
    });
    parser.on('file', (name, stream) => readFile(parts, limits, name, stream));
    parser.on('field', (name, value, info) => readField(parts, limits, name, value, info.valueTruncated));
    for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(event, () => parts.issues.push({ field: 'body', message: 'has more parts than the fields allowed' }));
    }
    parser.on('error', () => {
      request.unpipe(parser);
      request.resume();
      resolve(malformed(parts));
    });
    parser.on('close', () => resolve(parts));
    request.pipe(parser);
  });
}

function readFile(parts: MultipartParts, limits: MultipartLimits, name: string, stream: Readable): void {
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
