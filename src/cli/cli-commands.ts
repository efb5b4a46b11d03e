import type { INestApplicationContext } from '@nestjs/common';
import { type ArchiveCommand, executeArchiveCommand, parseArchiveCommand } from './archive-commands';
import { expectNoMore, USAGE, UsageError } from './cli-errors';
import { runDemo } from './demo/demo-command';
import { executeUserCommand, parseUserCommand, USER_COMMANDS, type UserCommand } from './user-commands';

export type Command = UserCommand | ArchiveCommand | { name: 'doctor' } | { name: 'demo' };

/** The command line, parsed; a mistake in it is a UsageError (exit code 2). */
export function parseCommand(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError(USAGE);
  if ((USER_COMMANDS as readonly string[]).includes(name)) return parseUserCommand(argv);
  if (name === 'export' || name === 'import') return parseArchiveCommand(name, rest);
  if (name === 'doctor' || name === 'demo') return expectNoMore({ name }, rest);
  throw new UsageError(`unknown command "${name}"; ${USAGE}`);
}

/** Runs a command that needs the application's context; returns what to print. */
export async function executeCommand(app: INestApplicationContext, command: Exclude<Command, { name: 'doctor' }>): Promise<string> {
  if (command.name === 'export' || command.name === 'import') return executeArchiveCommand(app, command);
  if (command.name === 'demo') return runDemo(app);
  return executeUserCommand(app, command as UserCommand);
}
