import type { Dialect } from '../database/data-source-options';
import type { ColumnKind } from './archive-format';

/**
 * Between a database's raw values and the archive's (see `COLUMN_KINDS`). SQLite keeps ids as
 * text, timestamps as `YYYY-MM-DD HH:MM:SS.SSS` in UTC (TypeORM's form), booleans as 0/1 and JSON
 * as text; PostgreSQL hands ids back as strings, timestamps as Dates and booleans as booleans.
 */
export interface ValueCodec {
  toArchive(kind: ColumnKind, raw: unknown): unknown;
  toDatabase(kind: ColumnKind, value: unknown): unknown;
}

export class ArchiveValueError extends Error {}

function shared(kind: ColumnKind, raw: unknown): unknown {
  switch (kind) {
    case 'id':
      return String(raw);
    case 'integer':
    case 'money':
      return Number(raw);
    case 'json':
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    default:
      return raw;
  }
}

const sqlite: ValueCodec = {
  toArchive(kind, raw) {
    if (raw === null || raw === undefined) return null;
    if (kind === 'timestamp') return sqliteTimestampToIso(String(raw));
    if (kind === 'boolean') return raw === 1 || raw === true || raw === '1';
    return shared(kind, raw);
  },
  toDatabase(kind, value) {
    if (value === null) return null;
    if (kind === 'timestamp') return new Date(value as string).toISOString().replace('T', ' ').replace('Z', '');
    if (kind === 'boolean') return value ? 1 : 0;
    if (kind === 'json') return JSON.stringify(value);
    return value;
  },
};

const postgres: ValueCodec = {
  toArchive(kind, raw) {
    if (raw === null || raw === undefined) return null;
    if (kind === 'timestamp') return (raw instanceof Date ? raw : new Date(String(raw))).toISOString();
    return shared(kind, raw);
  },
  toDatabase(kind, value) {
    if (value === null) return null;
    if (kind === 'json') return JSON.stringify(value);
    return value;
  },
};

export function codecOf(dialect: Dialect): ValueCodec {
  return dialect === 'sqlite' ? sqlite : postgres;
}

/** SQLite's UTC text (with or without milliseconds, `T` or a space) as ISO 8601. */
function sqliteTimestampToIso(text: string): string {
  const iso = text.includes('T') ? text : text.replace(' ', 'T');
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) throw new ArchiveValueError(`unreadable timestamp ${JSON.stringify(text)}`);
  return date.toISOString();
}

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;

/** Whether an archive value fits its column's kind (null is left to the database's NOT NULL). */
export function fitsKind(kind: ColumnKind, value: unknown): boolean {
  if (value === null) return true;
  switch (kind) {
    case 'id':
      return typeof value === 'string' && /^-?\d{1,20}$/.test(value);
    case 'integer':
    case 'money':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
    case 'string':
      return typeof value === 'string';
    case 'json':
      return true;
  }
}
