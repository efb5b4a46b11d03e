import { type EntityManager, IsNull } from 'typeorm';
import { ProviderLinkEntity } from '../auth/provider-link.entity';
import { CharacterEntity } from '../characters/character.entity';
import { presentCharacters } from '../characters/character-views';
import type { UserEntity } from './user.entity';
import { toUserJson, type UserJson } from './user.presenter';

export interface UserViewOptions {
  withProviders?: boolean;
  withSignature?: boolean;
}

/** The User JSON in at most four queries: characters, their wallets, and the links if asked. */
export async function presentUser(manager: EntityManager, user: UserEntity, options: UserViewOptions = {}): Promise<UserJson> {
  const characters = await manager.find(CharacterEntity, {
    where: { userId: user.id },
    order: { createdAt: 'ASC', id: 'ASC' },
  });
  const providers = options.withProviders
    ? await manager.find(ProviderLinkEntity, { where: { userId: user.id, unlinkedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } })
    : undefined;
  return toUserJson(user, {
    characters: await presentCharacters(manager, characters, { withSignature: options.withSignature }),
    providers,
  });
}
