import type { INestApplicationContext } from '@nestjs/common';
import { PROVIDER_NAMES, type ProviderName } from '../auth/provider-link.entity';
import { ProviderLinksService } from '../auth/provider-links.service';
import { UnknownUser } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { Permission, permissionFromName } from '../common/permissions/permission';
import type { UserEntity } from '../users/user.entity';
import { MAX_CHARACTERS_LIMIT } from '../users/user.policy';
import { UserRecords } from '../users/user-records.service';
import { type UserChange, UsersService } from '../users/users.service';

import { CommandError, expectNoMore, UsageError, USAGE } from './cli-errors';

type UserRef = { userId: string } | { providerName: ProviderName; externalId: string };

export const USER_COMMANDS = ['grant', 'revoke', 'set-max-characters', 'show'] as const;

export type UserCommand =
  | { name: 'grant' | 'revoke'; user: UserRef; bits: number }
  | { name: 'set-max-characters'; user: UserRef; maxCharacters: number }
  | { name: 'show'; user: UserRef };

const PERMISSION_NAMES = Object.keys(Permission).filter((key) => Number.isNaN(Number(key)));

/** `argv` starts with one of USER_COMMANDS. */
export function parseUserCommand(argv: string[]): UserCommand {
  const [name, userArg, ...rest] = argv;
  if (!userArg) throw new UsageError(`${name} needs a <user>; ${USAGE}`);
  const user = parseUserRef(userArg);
  if (name === 'show') return expectNoMore({ name, user }, rest);
  if (name === 'set-max-characters') {
    const [value, ...extra] = rest;
    if (!value || !/^\d{1,4}$/.test(value) || Number(value) > MAX_CHARACTERS_LIMIT) {
      throw new UsageError(`set-max-characters needs a whole number from 0 to ${MAX_CHARACTERS_LIMIT}`);
    }
    return expectNoMore({ name, user, maxCharacters: Number(value) }, extra);
  }
  if (rest.length === 0) throw new UsageError(`${name} needs at least one permission: ${PERMISSION_NAMES.join(', ')}`);
  const bits = rest.reduce((all, permission) => {
    const bit = permissionFromName(permission.toUpperCase());
    if (bit === undefined) throw new UsageError(`unknown permission "${permission}"; one of ${PERMISSION_NAMES.join(', ')}`);
    return all | bit;
  }, 0);
  return { name: name as 'grant' | 'revoke', user, bits };
}

function parseUserRef(value: string): UserRef {
  if (isSnowflake(value)) return { userId: value };
  const match = /^([a-z]+):(\S{1,128})$/.exec(value);
  if (match && (PROVIDER_NAMES as readonly string[]).includes(match[1])) {
    return { providerName: match[1] as ProviderName, externalId: match[2] };
  }
  throw new UsageError(`"${value}" is neither a user id nor chatapp:<external id>`);
}

/** Runs the command in the application's context and returns what to print: the user as it now stands. */
export async function executeUserCommand(app: INestApplicationContext, command: UserCommand): Promise<string> {
  const links = app.get(ProviderLinksService);
  const userId = await resolveUserId(links, command.user);
  if (command.name !== 'show') {
    await app
      .get(UsersService)
      .changeAsOperator(userId, (user) => changeOf(command, user))
      .catch((error: unknown) => {
        throw error instanceof UnknownUser ? new CommandError(`no user ${userId}`) : error;
      });
  }
  const user = await app.get(UserRecords).find(userId);
  if (!user) throw new CommandError(`no user ${userId}`);
  return describeUser(user, await links.ofUsers([userId]));
}

function changeOf(command: Exclude<UserCommand, { name: 'show' }>, user: UserEntity): UserChange {
  if (command.name === 'set-max-characters') return { maxCharacters: command.maxCharacters };
  return { permissions: command.name === 'grant' ? user.permissions | command.bits : user.permissions & ~command.bits };
}

async function resolveUserId(links: ProviderLinksService, ref: UserRef): Promise<string> {
  if ('userId' in ref) return ref.userId;
  const link = await links.current(ref.providerName, ref.externalId);
  if (!link) throw new CommandError(`no user is linked to ${ref.providerName}:${ref.externalId}`);
  return link.userId;
}

function describeUser(user: UserEntity, links: { providerName: string; externalId: string }[]): string {
  return JSON.stringify(
    {
      userId: user.id,
      permissions: String(user.permissions),
      permissionNames: PERMISSION_NAMES.filter((name) => user.permissions & permissionFromName(name)!),
      maxCharacters: user.maxCharacters,
      activeCharacterId: user.activeCharacterId,
      providers: links.map((link) => `${link.providerName}:${link.externalId}`),
      createdAt: user.createdAt.toISOString(),
    },
    null,
    2,
  );
}
