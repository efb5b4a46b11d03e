/**
 * Search keys: lowercase, without accents or other combining marks, so "José" is found by "jose".
 * Stored keys and typed prefixes go through the same function, and the database compares them
 * byte by byte (PostgreSQL columns use the "C" collation; SQLite's default is binary), so a
 * prefix is an ordinary b-tree range: `key >= prefix AND key < prefix || U+10FFFF`.
 */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The words of a name as search keys ("Ana María" -> ["ana", "maria"]); `'`, `-` and `.` split too. */
export function searchWords(text: string): string[] {
  return [...new Set(searchKey(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** The exclusive upper bound of the keys starting with `prefix`: beyond every code point. */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** The chat profile's username and display name (`global_name`) as distinct search keys. */
export function chatNameTerms(metadata: Record<string, unknown>): string[] {
  const terms = [metadata.username, metadata.global_name]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => searchKey(value).slice(0, 128))
    .filter(Boolean);
  return [...new Set(terms)];
}
