import type { Request } from 'express';
import { Semaphore } from '../../common/concurrency';
import { type FieldIssue, InvalidBody } from '../../common/errors/domain-error';
import { assertGlb, GLB_MAX_BYTES } from '../validation/glb';
import { ImageRejected } from '../validation/image-rejected';
import { assertPng, PNG_LIMITS, type PngLimits } from '../validation/png';
import { readMultipart } from './multipart';

export type FileRule = { kind: 'png'; limits?: PngLimits } | { kind: 'glb'; maxBytes?: number };

export interface UploadSpec {
  files: Record<string, FileRule>;
  /** Text fields taken as they are, besides the JSON object in `data`. */
  textFields?: string[];
}

export interface Upload {
  body: Record<string, unknown>;
  /** Each declared file that was sent, validated by its kind. */
  files: Record<string, Buffer>;
}

/**
 * Multipart bodies read and checked at once by this process. Each may hold tens of MiB while it is
 * checked, so this bounds the memory uploads take; later ones wait with their sockets paused.
 */
const CONCURRENT_MULTIPART_READS = 4;
const multipartReads = new Semaphore(CONCURRENT_MULTIPART_READS);

/** The same bound as a JSON body (decisions §6). */
const TEXT_FIELD_BYTES = 100 * 1024;
const DATA_FIELD = 'data';

/**
 * The body of an endpoint that takes JSON, or multipart with the JSON object in a `data` field
 * plus files. Everything is read and checked before the caller changes anything: any bad part is
 * a 400 `Invalid form of body` naming it.
 */
export async function readUpload(request: Request, spec: UploadSpec): Promise<Upload> {
  if (request.is('multipart/form-data')) return multipartReads.run(() => readMultipartUpload(request, spec));
  if (request.is('application/json') || !hasBody(request)) return { body: jsonObject(request.body ?? {}, 'body'), files: {} };
  throw new InvalidBody([{ field: 'body', message: 'must be application/json or multipart/form-data' }]);
}

async function readMultipartUpload(request: Request, spec: UploadSpec): Promise<Upload> {
  const textFields = spec.textFields ?? [];
  const parts = await readMultipart(request, {
    files: Object.fromEntries(Object.entries(spec.files).map(([name, rule]) => [name, maxBytesOf(rule)])),
    fields: [DATA_FIELD, ...textFields],
    fieldBytes: TEXT_FIELD_BYTES,
  });
  const issues = [...parts.issues];
  const body = parseDataField(parts.fields[DATA_FIELD], issues);
  for (const name of textFields) {
    if (parts.fields[name] === undefined) continue;
    if (name in body) issues.push({ field: name, message: 'must be sent either in data or as its own field' });
    body[name] = parts.fields[name];
  }
  for (const [name, bytes] of Object.entries(parts.files)) {
    if (issues.some((issue) => issue.field === name)) continue;
    const problem = await fileProblem(bytes, spec.files[name]);
    if (problem) issues.push({ field: name, message: problem });
  }
  if (issues.length > 0) throw new InvalidBody(issues);
  return { body, files: parts.files };
}

function parseDataField(data: string | undefined, issues: FieldIssue[]): Record<string, unknown> {
  if (data === undefined) return {};
  try {
    return jsonObject(JSON.parse(data), DATA_FIELD);
  } catch {
    issues.push({ field: DATA_FIELD, message: 'must be a JSON object' });
    return {};
  }
}

function jsonObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidBody([{ field, message: 'must be a JSON object' }]);
  }
  return { ...(value as Record<string, unknown>) };
}

async function fileProblem(bytes: Buffer, rule: FileRule): Promise<string | undefined> {
  try {
    if (rule.kind === 'png') await assertPng(bytes, rule.limits);
    else assertGlb(bytes, rule.maxBytes);
    return undefined;
  } catch (error) {
    if (error instanceof ImageRejected) return error.message;
    throw error;
  }
}

function maxBytesOf(rule: FileRule): number {
  return rule.kind === 'png' ? (rule.limits ?? PNG_LIMITS).maxBytes : (rule.maxBytes ?? GLB_MAX_BYTES);
}

function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}
