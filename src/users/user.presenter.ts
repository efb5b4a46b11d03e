import type { ProviderLinkEntity, ProviderName } from '../auth/provider-link.entity';
import type { CharacterJson } from '../characters/character.presenter';
import type { UserEntity } from './user.entity';

export interface UserJsonParts {
  characters: CharacterJson[];
  /** Present only when the caller asked for `providers=true`. */
  providers?: ProviderLinkEntity[];
}

/** The contract's ProviderLink. */
export function toProviderLinkJson(link: ProviderLinkEntity) {
  return {
    userId: link.userId,
    providerId: link.id,
    providerName: link.providerName,
    externalId: link.externalId,
    externalMetadata: link.externalMetadata,
  };
}

/** The contract's User resource; `activeCharacter` is picked from the user's own characters. */
export function toUserJson(user: UserEntity, parts: UserJsonParts) {
  return {
    userId: user.id,
    permissions: String(user.permissions),
    maxCharacters: user.maxCharacters,
    activeCharacter: parts.characters.find((character) => character.characterId === user.activeCharacterId) ?? null,
    characters: parts.characters,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    ...(parts.providers
      ? { providers: parts.providers.map((link): [ProviderName, ReturnType<typeof toProviderLinkJson>] => [link.providerName, toProviderLinkJson(link)]) }
      : {}),
  };
}

export type UserJson = ReturnType<typeof toUserJson>;
