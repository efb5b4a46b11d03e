/** The most character slots a user can be given. */
export const MAX_CHARACTERS_LIMIT = 1000;

/** Whether a caller holding `callerBits` may turn `from` into `to`: every changed bit must be theirs (decisions §5). */
export function mayChangePermissions(callerBits: number, from: number, to: number): boolean {
  return ((from ^ to) & ~callerBits) === 0;
}
