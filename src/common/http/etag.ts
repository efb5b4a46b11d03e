/** Whether an `If-None-Match` header names `etag` (weakly compared, as RFC 9110 has it for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}
