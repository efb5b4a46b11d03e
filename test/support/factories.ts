import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionsService } from '../../src/auth/sessions.service';
import { BankEntity } from '../../src/banks/bank.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { CharactersRepository } from '../../src/characters/characters.repository';
import { Permission } from '../../src/common/permissions/permission';
import { IdGenerator } from '../../src/database/id-generator';
import { UserEntity } from '../../src/users/user.entity';
import type { TestApp } from './app';

export function nextId(t: TestApp): string {
  return t.app.get(IdGenerator).next();
}

/** A stored user; plain `USER` with three character slots unless overridden. */
export async function aUser(t: TestApp, overrides: Partial<UserEntity> = {}): Promise<UserEntity> {
  const repository = t.dataSource.getRepository(UserEntity);
  const id = overrides.id ?? nextId(t);
  await repository.insert({ id, permissions: Permission.USER, maxCharacters: 3, activeCharacterId: null, ...overrides });
  return repository.findOneByOrFail({ id });
}

/** The `Cookie` header value of a live session of the user. */
export async function signIn(t: TestApp, user: Pick<UserEntity, 'id'>): Promise<string> {
  const pair = await t.app.get(SessionsService).issue(user.id, { ip: '127.0.0.1', userAgent: 'test' });
  return `access_token=${pair.accessToken}; refresh_token=${pair.refreshToken}`;
}

/** A stored character of the user, `draft` with no assets unless overridden. */
export async function aCharacter(
  t: TestApp,
  user: Pick<UserEntity, 'id'>,
  overrides: Partial<CharacterEntity> = {},
): Promise<CharacterEntity> {
  const repository = t.dataSource.getRepository(CharacterEntity);
  const id = overrides.id ?? nextId(t);
  await repository.insert({
    id,
    userId: user.id,
    firstNames: 'Ana María',
    lastNames: 'García López',
    age: 30,
    height: 170,
    gender: 'Femenino',
    bloodType: 'O+',
    nationality: 'ARG',
    dob: '1995-04-12',
    avatarHash: null,
    idCardHash: null,
    fullBodyHash: null,
    avatar3dHash: null,
    avatar3dCamera: null,
    avatar3dAABB: null,
    signatureData: null,
    idStatus: 'draft',
    submittedAt: null,
    reviewNote: null,
    ...overrides,
  });
  const character = await repository.findOneByOrFail({ id });
  await t.app.get(CharactersRepository).indexNames(t.dataSource.manager, character);
  return character;
}

/** A stored bank owned by the character, with no ledger row; capital 0 unless overridden. */
export async function aBank(
  t: TestApp,
  owner: Pick<CharacterEntity, 'id'>,
  overrides: Partial<BankEntity> = {},
): Promise<BankEntity> {
  const repository = t.dataSource.getRepository(BankEntity);
  const id = overrides.id ?? nextId(t);
  await repository.insert({ id, ownerId: owner.id, name: 'Banco Central', iconHash: null, capital: 0, ...overrides });
  return repository.findOneByOrFail({ id });
}

/** A signed-in user with one character: the usual actor of an end-to-end test. */
export interface Player {
  user: UserEntity;
  character: CharacterEntity;
  cookie: string;
}

export async function aPlayer(t: TestApp, permissions: number = Permission.USER): Promise<Player> {
  const user = await aUser(t, { permissions });
  return { user, character: await aCharacter(t, user), cookie: await signIn(t, user) };
}

/** Links a `gameplatform` account (the external id the thumbnail service knows) to the user. */
export async function aGamePlatformLink(
  t: TestApp,
  user: Pick<UserEntity, 'id'>,
  externalId = String(100_000 + Math.floor(Math.random() * 900_000_000)),
): Promise<ProviderLinkEntity> {
  const repository = t.dataSource.getRepository(ProviderLinkEntity);
  const id = nextId(t);
  await repository.insert({ id, userId: user.id, providerName: 'gameplatform', externalId, externalMetadata: { sub: externalId } });
  return repository.findOneByOrFail({ id });
}
