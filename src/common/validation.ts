import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type FieldIssue, InvalidBody } from './errors/domain-error';

const VALIDATOR_OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true } as const;

/** Flattens class-validator errors into `details`, with dotted paths for nested fields. */
export function validationDetails(errors: ValidationError[], prefix = ''): FieldIssue[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...validationDetails(error.children ?? [], field)];
  });
}

/** Every C0 control character (U+0000–U+001F), and the same but tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u001f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Fields declared multi-line, per DTO class. */
const MULTI_LINE = new WeakMap<object, Set<string>>();

/**
 * A multi-line text (a note's body, a reason, a description): tab and line breaks are allowed in
 * it; every other string field, query or path value refuses any C0 control character (§13).
 */
export function MultiLineText(): PropertyDecorator {
  return (target, property) => {
    const fields = MULTI_LINE.get(target.constructor) ?? new Set<string>();
    MULTI_LINE.set(target.constructor, fields.add(String(property)));
  };
}

/**
 * The first string under `value` holding a control character its field may not hold, as a field
 * issue (dotted path, like class-validator's); null when there is none.
 */
function controlCharacterIssue(value: unknown, field: string, multiLine: Set<string> | undefined, top = true): FieldIssue | null {
  if (typeof value === 'string') {
    const allowed = top && multiLine?.has(field) ? CONTROL_BUT_LINE_BREAKS : CONTROL;
    return allowed.test(value) ? { field, message: `${field} must not contain control characters` } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const issue = controlCharacterIssue(item, field ? `${field}.${key}` : key, multiLine, top && !field);
    if (issue) return issue;
  }
  return null;
}

/** Body, query and path values with a control character are refused before anything reads them. */
export function assertNoControlCharacters(value: unknown, type: object | undefined, field = ''): void {
  const issue = controlCharacterIssue(value, field, type && MULTI_LINE.get(type));
  if (issue) throw new InvalidBody([issue]);
}

/**
 * The global pipe. Untyped values (`Record<string, unknown>`, the OAuth callback's query, which
 * always answers with a redirect) are left to their handlers.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom' && metadata.metatype !== Object) assertNoControlCharacters(value, metadata.metatype, metadata.data ?? '');
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => new InvalidBody(validationDetails(errors)),
  });
}

/** Validates a hand-parsed body (e.g. multipart `data`) exactly as the global pipe would. */
export async function validateDto<T extends object>(type: new () => T, plain: unknown): Promise<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new InvalidBody([{ field: 'body', message: 'body must be a JSON object' }]);
  }
  assertNoControlCharacters(plain, type);
  const instance = plainToInstance(type, plain);
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) throw new InvalidBody(validationDetails(errors));
  return instance;
}
