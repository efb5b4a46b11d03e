import type { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { dialectKindOf, moneyTransformer } from '../database/columns';
import type { ColumnKind, ColumnShape, TableShape } from './archive-format';

/**
 * Tables the application keeps without an entity, each derived from the others: the migrations'
 * own record, and the pending-character counter that database triggers keep in step with the
 * characters as they are inserted. An archive holds neither; every other table is an entity.
 */
export const DERIVED_TABLES = ['migrations', 'typeorm_metadata', 'pending_character_count'];

/** Money columns whose totals the manifest records and an import checks (decisions §8, §14). */
const SUMMED_COLUMNS = new Set(['balance', 'capital']);

const TIMESTAMP_TYPES = new Set<unknown>([Date, 'datetime', 'timestamp', 'timestamptz', 'timestamp with time zone', 'timestamp without time zone']);
const JSON_TYPES = new Set<unknown>(['simple-json', 'json', 'jsonb']);
const INTEGER_TYPES = new Set<unknown>([Number, 'integer', 'int', 'smallint', 'int2', 'int4']);

/**
 * Every table of the application, read from its DataSource's entity metadata, so a table a module
 * adds is archived with no change here. Sorted by name: the archive's order does not depend on the
 * order modules were loaded in.
 */
export function applicationTables(dataSource: DataSource): TableShape[] {
  return dataSource.entityMetadatas
    .filter((entity) => entity.tableType === 'regular')
    .map((entity) => ({
      name: entity.tableName,
      columns: entity.columns.map((column) => ({ name: column.databaseName, kind: kindOf(column) })),
      primaryKey: entity.primaryColumns.map((column) => column.databaseName),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The same kind on both dialects, though their metadata types differ (snowflakes are varchar on SQLite). */
function kindOf(column: ColumnMetadata): ColumnKind {
  const type = column.type;
  const declared = dialectKindOf(column);
  if (declared === 'snowflake') return 'id';
  if (declared === 'timestamp' || declared === 'createdOrUpdated') return 'timestamp';
  if (column.isCreateDate || column.isUpdateDate || TIMESTAMP_TYPES.has(type)) return 'timestamp';
  if (type === Boolean || type === 'boolean') return 'boolean';
  if (JSON_TYPES.has(type)) return 'json';
  if (type === 'bigint') return column.transformer === moneyTransformer ? 'money' : 'id';
  if (INTEGER_TYPES.has(type)) return 'integer';
  return 'string';
}

/** `<table>.<column>` of the balance and capital columns of `tables`. */
export function summedColumns(table: TableShape): ColumnShape[] {
  return table.columns.filter((column) => column.kind === 'money' && SUMMED_COLUMNS.has(column.name));
}

/** Whether two lists of tables have the same tables, columns (names, kinds, order) and keys. */
export function sameShapes(a: TableShape[], b: TableShape[]): string | null {
  const byName = new Map(b.map((table) => [table.name, table]));
  for (const table of a) {
    const other = byName.get(table.name);
    if (!other) return `table ${table.name} is not in this schema`;
    byName.delete(table.name);
    const columns = (shape: TableShape) => shape.columns.map((column) => `${column.name}:${column.kind}`).join(',');
    if (columns(table) !== columns(other)) return `table ${table.name} has columns ${columns(table)}, this schema ${columns(other)}`;
    if (table.primaryKey.join(',') !== other.primaryKey.join(',')) return `table ${table.name} has another primary key`;
  }
  const missing = [...byName.keys()];
  return missing.length ? `table ${missing[0]} is missing` : null;
}

export function quoted(identifier: string): string {
  return `"${identifier}"`;
}
