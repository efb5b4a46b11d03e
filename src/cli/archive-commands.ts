import type { INestApplicationContext } from '@nestjs/common';
import { ArchiveRefused } from '../archive/archive-format';
import { ArchiveService } from '../archive/archive.service';
import { CommandError, expectNoMore, UsageError } from './cli-errors';

export type ArchiveCommand = { name: 'export' | 'import'; file: string };

export function parseArchiveCommand(name: 'export' | 'import', rest: string[]): ArchiveCommand {
  const [file, ...extra] = rest;
  if (!file) throw new UsageError(`${name} needs an archive file, e.g. ${name} community.tar.gz`);
  return expectNoMore({ name, file }, extra);
}

/** Prints the manifest's figures: what was written, or what was checked and loaded. */
export async function executeArchiveCommand(app: INestApplicationContext, command: ArchiveCommand): Promise<string> {
  const archive = app.get(ArchiveService);
  try {
    const summary = command.name === 'export' ? await archive.export(command.file) : await archive.import(command.file);
    return JSON.stringify({ [command.name === 'export' ? 'exported' : 'imported']: summary }, null, 2);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw new CommandError(`${command.name} refused: ${error.message}`);
    throw error;
  }
}
