export const USAGE =
  'usage: cli grant|revoke <user> <PERMISSION>... | set-max-characters <user> <n> | show <user> | ' +
  'export <file.tar.gz> | import <file.tar.gz> | doctor | demo  (<user> is a user id or chatapp:<external id>)';

/** A mistake in the command line itself (exit code 2). */
export class UsageError extends Error {}
/** A well-formed command the database cannot satisfy (exit code 1). */
export class CommandError extends Error {}

export function expectNoMore<T>(command: T, rest: string[]): T {
  if (rest.length) throw new UsageError(`unexpected "${rest.join(' ')}"; ${USAGE}`);
  return command;
}
