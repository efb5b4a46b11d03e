import { searchKey } from '../common/search-text';

/** The chat profile's username and display name (`global_name`) as distinct search keys. */
export function chatNameTerms(metadata: Record<string, unknown>): string[] {
  const terms = [metadata.username, metadata.global_name]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => searchKey(value).slice(0, 128))
    .filter(Boolean);
  return [...new Set(terms)];
}
