import { type PipeTransform } from '@nestjs/common';
import { buildMessage, ValidateBy } from 'class-validator';
import type { DomainError } from './errors/domain-error';

const MAX_SNOWFLAKE = 9_223_372_036_854_775_807n;

/** A Snowflake id as a canonical decimal string within the signed 64-bit range. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_SNOWFLAKE;
}

/** A path id that is not a Snowflake is answered like an unknown one (decisions §4.24). */
export class ParseSnowflakePipe implements PipeTransform<string, string> {
  constructor(private readonly unknown: () => DomainError) {}

  transform(value: string): string {
    if (!isSnowflake(value)) throw this.unknown();
    return value;
  }
}

/** A body field holding a Snowflake id string; anything else is a wrong type (400). */
export function IsSnowflakeId(): PropertyDecorator {
  return ValidateBy({
    name: 'isSnowflakeId',
    validator: {
      validate: (value: unknown) => isSnowflake(value),
      defaultMessage: buildMessage((prefix) => `${prefix}$property must be a Snowflake id string`),
    },
  });
}
