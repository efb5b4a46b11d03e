import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type FieldIssue, InvalidBody } from '../../common/errors/domain-error';
import { MalformedJson, parseUntrustedJson } from '../../common/untrusted-json';
import { validateDto } from '../../common/validation';
import { AppConfig } from '../../config/config';
import { MetricsService } from '../../metrics/metrics.service';
import { assertGlb, GLB_MAX_BYTES } from '../validation/glb';
import { ImageRejected } from '../validation/image-rejected';
import { assertPng, PNG_LIMITS, type PngLimits } from '../validation/png';
import { bodyCutOff, readMultipart } from './multipart';
import { UploadSlots } from './upload-slots';

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

/** An upload whose JSON fields were validated as a DTO. */
export interface ValidatedUpload<T> {
  fields: T;
  files: Record<string, Buffer>;
}

/** The same bound as a JSON body (decisions §6). */
const TEXT_FIELD_BYTES = 100 * 1024;
const DATA_FIELD = 'data';

/**
 * The body of an endpoint that takes JSON, or multipart with the JSON object in a `data` field
 * plus files. Callers check everything that does not depend on the body (who may change what)
 * before calling `read`, so a refused request never has its body read.
 */
@Injectable()
export class UploadReader {
  constructor(
    private readonly config: AppConfig,
    private readonly slots: UploadSlots,
    metrics: MetricsService,
  ) {
    metrics.readUploadSlotsFrom(() => slots.usage);
  }

  /**
   * The one path of every endpoint that takes JSON or an upload (a character, a bank): the body
   * read and checked by `read`, then its fields validated as `dto`.
   */
  async readValidated<T extends object>(request: Request, spec: UploadSpec, dto: new () => T, userId: string): Promise<ValidatedUpload<T>> {
    const upload = await this.read(request, spec, userId);
    return { fields: await validateDto(dto, upload.body), files: upload.files };
  }

  /**
   * Reads and checks the whole body before the caller changes anything: any bad part is a 400
   * `Invalid form of body` naming it. A multipart body is read in one of `userId`'s upload slots.
   */
  async read(request: Request, spec: UploadSpec, userId: string): Promise<Upload> {
    if (request.is('multipart/form-data')) {
      const signal = abortWhenClientLeaves(request);
      return this.slots.run(userId, signal, () => this.readMultipartUpload(request, spec, signal));
    }
    if (request.is('application/json') || !hasBody(request)) return { body: jsonObject(request.body ?? {}, 'body'), files: {} };
    throw new InvalidBody([{ field: 'body', message: 'must be application/json or multipart/form-data' }]);
  }

  private async readMultipartUpload(request: Request, spec: UploadSpec, signal: AbortSignal): Promise<Upload> {
    const textFields = spec.textFields ?? [];
    const parts = await readMultipart(
      request,
      {
        files: Object.fromEntries(Object.entries(spec.files).map(([name, rule]) => [name, maxBytesOf(rule)])),
        fields: [DATA_FIELD, ...textFields],
        fieldBytes: TEXT_FIELD_BYTES,
      },
      { deadlineMs: this.config.bodyTimeoutMs, signal },
    );
    const issues = [...parts.issues];
    const body = parseDataField(parts.fields[DATA_FIELD], issues);
    for (const name of textFields) {
      if (parts.fields[name] === undefined) continue;
      if (name in body) issues.push({ field: name, message: 'must be sent either in data or as its own field' });
      body[name] = parts.fields[name];
    }
    // A body that is not whole holds no file worth checking.
    const files = issues.some((issue) => issue.field === 'body') ? {} : parts.files;
    for (const [name, bytes] of Object.entries(files)) {
      if (issues.some((issue) => issue.field === name)) continue;
      const problem = await fileProblem(bytes, spec.files[name]);
      if (problem) issues.push({ field: name, message: problem });
    }
    if (issues.length > 0) throw new InvalidBody(issues);
    return { body, files: parts.files };
  }
}

/** Aborts when the connection closes before the whole body arrived, so no slot waits on a gone client. */
function abortWhenClientLeaves(request: Request): AbortSignal {
  const controller = new AbortController();
  const onClose = () => {
    if (!request.complete) controller.abort(bodyCutOff());
  };
  if (request.destroyed) onClose();
  else request.once('close', onClose);
  return controller.signal;
}

function parseDataField(data: string | undefined, issues: FieldIssue[]): Record<string, unknown> {
  if (data === undefined) return {};
  try {
    return jsonObject(parseUntrustedJson(data, DATA_FIELD), DATA_FIELD);
  } catch (error) {
    if (error instanceof InvalidBody) issues.push(...(error.options.details ?? []));
    else if (error instanceof MalformedJson) issues.push({ field: DATA_FIELD, message: 'must be a JSON object' });
    else throw error;
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
