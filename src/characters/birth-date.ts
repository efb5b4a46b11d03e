const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `YYYY-MM-DD`, optionally followed by an ISO 8601 time of day and offset. */
const DATE_OR_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
export const EARLIEST_BIRTH_YEAR = 1900;

/** The date part of an ISO 8601 date or timestamp, as written (no time-zone shift), or undefined. */
export function isoDatePart(value: unknown): string | undefined {
  return typeof value === 'string' ? DATE_OR_TIMESTAMP.exec(value)?.[1] : undefined;
}

/** A real calendar day `YYYY-MM-DD` from 1900 up to today (UTC). */
export function isBirthDate(value: unknown, today = new Date()): boolean {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= EARLIEST_BIRTH_YEAR && (value as string) <= today.toISOString().slice(0, 10);
}
