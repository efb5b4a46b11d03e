import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { firstNonEmptyTable } from '../../archive/row-loader';
import { applicationTables } from '../../archive/table-shapes';
import { AppConfig } from '../../config/config';
import { CommandError } from '../cli-errors';
import { type Member, openBanks, reviewQueue, signUpEveryone } from './demo-community';
import { endCharacters, gameServerKey, moderate, moveMoney } from './demo-life';
import { foundOrganisations } from './demo-organisations';

/**
 * Fills an empty database with a believable community through the application's own services,
 * so its audit history, statements, ID cards and invariants are what real use would leave.
 * Refuses a database that holds anything.
 */
export async function runDemo(app: INestApplicationContext): Promise<string> {
  const dataSource = app.get(DataSource);
  const tables = applicationTables(dataSource).map((table) => table.name);
  const busy = await firstNonEmptyTable(dataSource.manager, tables);
  if (busy) throw new CommandError(`demo needs an empty database; table ${busy} has rows (point DATABASE_URL at a new one)`);
  const members = await signUpEveryone(app);
  const callerOf = (username: string) => members.find((member) => member.person.username === username)!.caller;
  const admin = callerOf('admin');
  await reviewQueue(app, admin, members);
  const { accounts } = await openBanks(app, admin, members);
  const transfers = await moveMoney(app, admin, members, accounts);
  await foundOrganisations(app, admin, members);
  await endCharacters(app, callerOf('lucia_mod'), members);
  await moderate(app, callerOf('lucia_mod'), callerOf('tomas_staff'), members);
  const key = await gameServerKey(app, admin);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [{ count }]: { count: string | number }[] = await dataSource.query(`SELECT COUNT(*) AS "count" FROM "${table}"`);
    counts[table] = Number(count);
  }
  const base = app.get(AppConfig).publicBaseUrl;
  return [
    `demo community ready: ${members.length} people, ${counts.characters} characters, ${counts.banks} banks, ${counts.organisations} organisations, ${transfers} transfers, ${counts.audit_events} audit events`,
    `sign in at ${base}/console/ (or POST ${base}/v1/oauth/chatapp) through the development provider, typing one of these usernames:`,
    ...members.map((member) => `  ${member.person.username.padEnd(14)} ${describe(member.person.permissions)}${living(member)}`),
    `game server key (shown once): ${key}`,
    `rows: ${JSON.stringify(counts)}`,
  ].join('\n');
}

/** The person's living characters with their ids, which the organisation and invoice routes take. */
function living(member: Member): string {
  const approved = member.characters.filter((character) => character.spec.fate === 'approved');
  return approved.length === 0 ? '' : `; characters: ${approved.map(({ spec, characterId }) => `${spec.firstNames} ${spec.lastNames} ${characterId}`).join(', ')}`;
}

function describe(permissions: number): string {
  if (permissions & 8) return 'administrator';
  if (permissions & 4) return 'moderator chief';
  if (permissions & 2) return 'staff';
  return 'player';
}
