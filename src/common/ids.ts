import { applyDecorators, type PipeTransform } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { buildMessage, ValidateBy } from 'class-validator';
import type { DomainError } from './errors/domain-error';

const MAX_SNOWFLAKE = 9_223_372_036_854_775_807n;

/** A Snowflake id as a canonical decimal string within the signed 64-bit range. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_SNOWFLAKE;
}

/**
 * The id no row has: Snowflakes start at 1. A malformed id stands for it, so it is answered like
 * an unknown one, and by the same check at the same point: after any ownership check, which a
 * malformed user id fails like another user's (decisions §4.24, §7).
 */
export const NO_SUCH_ID = '0';

export function idOrNone(value: unknown): string {
  return isSnowflake(value) ? value : NO_SUCH_ID;
}

/** A path id that is not a Snowflake is answered like an unknown one (decisions §4.24). */
export class ParseSnowflakePipe implements PipeTransform<string, string> {
  constructor(private readonly unknown: () => DomainError) {}

  transform(value: string): string {
    if (!isSnowflake(value)) throw this.unknown();
    return value;
  }
}

/** A path id whose malformed form waits for the service's checks, as NO_SUCH_ID. */
export class SnowflakeOrNonePipe implements PipeTransform<string, string> {
  transform(value: string): string {
    return idOrNone(value);
  }
}

/**
 * A body field holding a Snowflake id string. A string that is not a well-formed id becomes
 * NO_SUCH_ID, so it is answered like an unknown id (decisions §7); a non-string is a 400.
 */
export function IsSnowflakeId(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? idOrNone(value) : value)),
    ValidateBy({
      name: 'isSnowflakeId',
      validator: {
        validate: (value: unknown) => typeof value === 'string',
        defaultMessage: buildMessage((prefix) => `${prefix}$property must be a Snowflake id string`),
      },
    }),
  );
}
