declare module 'pg/lib/utils' {
  /** How node-postgres sends a parameter as text: an array as a PostgreSQL array literal, its elements quoted. */
  export function prepareValue(value: unknown): string | Buffer | null;
}
