import { ValidationPipe, type ValidationError } from '@nestjs/common';
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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
  const instance = plainToInstance(type, plain);
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length > 0) throw new InvalidBody(validationDetails(errors));
  return instance;
}
