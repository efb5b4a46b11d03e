import type { ColumnOptions, DataSource, ValueTransformer } from 'typeorm';
import { Column, CreateDateColumn, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * PostgreSQL hands back bigint as a string; money stays below 2^53 (decisions §4.21), so it is
 * safe as a JavaScript number.
 */
export const moneyTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/** Columns that each dialect's migrations store in their own way. */
export type DialectKind = 'snowflake' | 'timestamp' | 'createdOrUpdated' | 'byteOrderText';

interface DialectColumn {
  type?: 'varchar' | 'timestamp with time zone';
  length?: string;
  default?: () => string;
  collation?: string;
}

const SQLITE_NOW = () => "strftime('%Y-%m-%d %H:%M:%f', 'now')";

/**
 * What the migrations of each dialect create for each kind. TypeORM's decorators take one type for
 * every database, so the decorators below name one both accept and `realiseDialectColumns` turns
 * each data source's metadata into its own dialect's: TypeORM's schema builder compares the
 * database with that metadata, and on SQLite its inserts write a column's default themselves.
 */
const DIALECT_COLUMNS: Record<DialectKind, Record<'sqlite' | 'postgres', DialectColumn>> = {
  snowflake: { sqlite: { type: 'varchar', length: '20' }, postgres: {} },
  timestamp: { sqlite: {}, postgres: { type: 'timestamp with time zone' } },
  // TypeORM's own SQLite default, datetime('now'), drops the milliseconds.
  createdOrUpdated: { sqlite: { default: SQLITE_NOW }, postgres: { type: 'timestamp with time zone' } },
  // Byte order, so a prefix is a plain index range whatever the locale; SQLite's BINARY already is.
  byteOrderText: { sqlite: {}, postgres: { collation: 'C' } },
};

const kinds = new WeakMap<object, Map<string, DialectKind>>();

function ofKind(kind: DialectKind, decorator: PropertyDecorator): PropertyDecorator {
  return (target, property) => {
    const entity = target.constructor;
    if (!kinds.has(entity)) kinds.set(entity, new Map());
    kinds.get(entity)!.set(String(property), kind);
    decorator(target, property);
  };
}

/** The dialect kind a column was declared with, whatever its metadata says on this data source. */
export function dialectKindOf(column: { target: unknown; propertyName: string }): DialectKind | undefined {
  return kinds.get(column.target as object)?.get(column.propertyName);
}

/** Gives the data source's column metadata its dialect's types, defaults and collations. */
export function realiseDialectColumns(dataSource: DataSource): void {
  const dialect = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  for (const metadata of dataSource.entityMetadatas) {
    for (const column of metadata.columns) {
      const kind = dialectKindOf(column);
      if (kind) Object.assign(column, DIALECT_COLUMNS[kind][dialect]);
    }
  }
}

/**
 * Snowflake ids exceed 2^53 and must never become a JavaScript number: bigint on PostgreSQL
 * (which the driver returns as a string), varchar on SQLite (whose driver would return a lossy
 * number for an integer column). The migrations of each dialect encode that difference.
 */
export function SnowflakePrimaryColumn(): PropertyDecorator {
  return ofKind('snowflake', PrimaryColumn({ type: 'bigint' }));
}

export function SnowflakeColumn(options: Pick<ColumnOptions, 'nullable' | 'name'> = {}): PropertyDecorator {
  return ofKind('snowflake', Column({ type: 'bigint', ...options }));
}

export function MoneyColumn(options: Pick<ColumnOptions, 'default'> = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: moneyTransformer, ...options });
}

/** A moment: timestamptz on PostgreSQL, datetime (UTC text) on SQLite. */
export function TimestampColumn(options: Pick<ColumnOptions, 'nullable'> = {}): PropertyDecorator {
  return ofKind('timestamp', Column({ type: Date, ...options }));
}

export function CreatedAtColumn(): PropertyDecorator {
  return ofKind('createdOrUpdated', CreateDateColumn());
}

export function UpdatedAtColumn(): PropertyDecorator {
  return ofKind('createdOrUpdated', UpdateDateColumn());
}

/** Text compared byte for byte (search terms): the "C" collation on PostgreSQL. */
export function ByteOrderPrimaryColumn(options: Pick<ColumnOptions, 'length'>): PropertyDecorator {
  return ofKind('byteOrderText', PrimaryColumn({ type: 'varchar', ...options }));
}
