import type { ColumnOptions, ValueTransformer } from 'typeorm';
import { Column, CreateDateColumn, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * PostgreSQL hands back bigint as a string; money stays below 2^53 (decisions §4.21), so it is
 * safe as a JavaScript number.
 */
const moneyTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/**
 * Snowflake ids exceed 2^53 and must never become a JavaScript number: bigint on PostgreSQL
 * (which the driver returns as a string), varchar on SQLite (whose driver would return a lossy
 * number for an integer column). The migrations of each dialect encode that difference.
 */
export function SnowflakePrimaryColumn(): PropertyDecorator {
  return PrimaryColumn({ type: 'bigint' });
}

export function SnowflakeColumn(options: Pick<ColumnOptions, 'nullable' | 'name'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', ...options });
}

export function MoneyColumn(options: Pick<ColumnOptions, 'default'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: moneyTransformer, ...options });
}

export function TimestampColumn(options: Pick<ColumnOptions, 'nullable'> = {}): PropertyDecorator {
  return Column({ type: Date, ...options });
}

export function CreatedAtColumn(): PropertyDecorator {
  return CreateDateColumn();
}

export function UpdatedAtColumn(): PropertyDecorator {
  return UpdateDateColumn();
}
