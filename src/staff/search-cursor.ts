import { invalidField } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';

/** Where the next page starts: after the result with this sort key and id. */
export interface SearchPosition {
  key: string;
  id: string;
}

/** Opaque to clients: base64url of the last result's sort key and id. */
export function encodeCursor(position: SearchPosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id])).toString('base64url');
}

/** A cursor this API did not make is a 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined): SearchPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && key.length <= 256 && isSnowflake(id)) return { key, id };
  } catch {
    // fall through to the 400
  }
  throw invalidField('cursor', 'cursor must be the nextCursor of a previous page');
}

/** The page and the cursor of the next one, from `limit + 1` fetched results. */
export function pageOf<T extends SearchPosition>(fetched: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = fetched.slice(0, limit);
  return { page, nextCursor: fetched.length > limit ? encodeCursor(page[page.length - 1]) : null };
}
