import { z } from 'zod';
import { IMAGE_TYPES, isStoredName, type ImageType } from '../images/storage/image-store';

/**
 * The portable archive (docs/operating.md, "Backups, restore and moving to PostgreSQL"): one `.tar.gz` whose
 * first entry is `manifest.json`, then `tables/<table>.jsonl` (one JSON object per row, keyed by
 * column, in primary-key order), then `files/<type>/<name>` (the stored files as they are). The
 * format says nothing of the database it came from: SQLite and PostgreSQL read and write the same.
 */
export const ARCHIVE_FORMAT = 'roleplay-community-archive';
/** Raised when a reader could not read an older archive as it is; older ones are always read. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_PART = 'manifest.json';

/**
 * How a column's values are written: ids (64-bit, beyond 2^53) as decimal strings, timestamps as
 * ISO 8601 in UTC, booleans as booleans, JSON columns as the JSON itself, integers and money as
 * numbers (money is bounded by 2^53 − 1), text as strings; null stays null.
 */
export const COLUMN_KINDS = ['id', 'integer', 'money', 'string', 'boolean', 'timestamp', 'json'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ColumnShape {
  name: string;
  kind: ColumnKind;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  primaryKey: string[];
}

export interface Digest {
  /** The entry's name in the archive. */
  part: string;
  bytes: number;
  /** Lowercase hex SHA-256 of the entry's bytes. */
  sha256: string;
}

export type TablePart = TableShape & Digest & { rows: number };

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The database the archive was taken from (information only). */
  source: 'sqlite' | 'postgres';
  /** The last schema migration applied to that database: its rows have that migration's shape. */
  migration: string;
  tables: TablePart[];
  files: Digest[];
  /** `<table>.<column>` of every balance and capital column, its total as a decimal string. */
  sums: Record<string, string>;
}

/** A stored file's entry name, and back. */
export function filePart(type: ImageType, name: string): string {
  return `files/${type}/${name}`;
}

export function parseFilePart(part: string): { type: ImageType; name: string } | null {
  const [folder, type, name, ...rest] = part.split('/');
  if (folder !== 'files' || rest.length || !(IMAGE_TYPES as readonly string[]).includes(type)) return null;
  return isStoredName(type as ImageType, name) ? { type: type as ImageType, name } : null;
}

export function tablePart(table: string): string {
  return `tables/${table}.jsonl`;
}

/** Table and column names end up in SQL (quoted): only plain identifiers are ever accepted. */
const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'not a plain identifier');
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const digest = { part: z.string().max(300), bytes: z.number().int().min(0), sha256 };

const manifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  source: z.enum(['sqlite', 'postgres']),
  migration: z.string().regex(/^[A-Za-z]\w{0,127}$/),
  tables: z.array(
    z.strictObject({
      name: identifier,
      columns: z.array(z.strictObject({ name: identifier, kind: z.enum(COLUMN_KINDS) })).min(1),
      primaryKey: z.array(identifier).min(1),
      rows: z.number().int().min(0),
      ...digest,
    }),
  ),
  files: z.array(z.strictObject(digest)),
  sums: z.record(z.string().regex(/^\w+\.\w+$/), z.string().regex(/^-?\d{1,40}$/)),
});

export class ArchiveRefused extends Error {}

/** The manifest, or a one-line reason why this archive cannot be read. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveRefused('the archive manifest is not JSON');
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveRefused(`the archive has format version ${version}; this version of the service reads up to ${ARCHIVE_FORMAT_VERSION}: upgrade the service first`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ArchiveRefused(`the archive manifest is malformed at ${issue.path.join('.') || 'its root'}: ${issue.message}`);
  }
  const manifest = parsed.data as Manifest;
  for (const table of manifest.tables) {
    if (table.part !== tablePart(table.name)) throw new ArchiveRefused(`the archive manifest names table ${table.name} at ${table.part}`);
  }
  for (const file of manifest.files) {
    const stored = parseFilePart(file.part);
    if (!stored || !stored.name.startsWith(file.sha256)) throw new ArchiveRefused(`the archive manifest lists an unusable file ${file.part}`);
  }
  return manifest;
}
