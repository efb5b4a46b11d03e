import { searchKey } from '../common/search-text';

/** The chat profile's username and display name (`global_name`) as search keys; null when absent. */
export function chatSearchKeys(metadata: Record<string, unknown>): { searchUsername: string | null; searchDisplayName: string | null } {
  return { searchUsername: keyOf(metadata.username), searchDisplayName: keyOf(metadata.global_name) };
}

function keyOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const key = searchKey(value).slice(0, 128);
  return key || null;
}
