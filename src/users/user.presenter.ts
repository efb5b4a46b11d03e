import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ProviderLinkEntity, ProviderName } from '../auth/provider-link.entity';
import type { CharacterJson } from '../characters/character.presenter';
import { CharacterBody } from '../characters/character.schema';
import type { UserEntity } from './user.entity';

/** The contract's ProviderLink. */
export class ProviderLinkBody {
  @ApiProperty() userId: string;
  @ApiProperty() providerId: string;
  @ApiProperty({ enum: ['chatapp', 'gameplatform'] }) providerName: ProviderName;
  @ApiProperty() externalId: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) externalMetadata: Record<string, unknown>;
}

/** The contract's User resource; the presenter below answers exactly this class. */
export class UserBody {
  @ApiProperty({ example: '1234567890123456789' }) userId: string;
  @ApiProperty({ example: '9', description: 'permission bitfield as a decimal string' }) permissions: string;
  @ApiProperty() maxCharacters: number;
  @ApiProperty({ type: CharacterBody, nullable: true }) activeCharacter: CharacterJson | null;
  @ApiProperty({ type: [CharacterBody] }) characters: CharacterJson[];
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;

  @ApiPropertyOptional({
    description: 'only with `providers=true`: `[providerName, ProviderLink]` pairs',
    type: 'array',
    items: { type: 'array', items: {} },
  })
  providers?: [ProviderName, ProviderLinkBody][];
}

export interface UserJsonParts {
  characters: CharacterJson[];
  /** Present only when the caller asked for `providers=true`. */
  providers?: ProviderLinkEntity[];
}

export function toProviderLinkJson(link: ProviderLinkEntity): ProviderLinkBody {
  return {
    userId: link.userId,
    providerId: link.id,
    providerName: link.providerName,
    externalId: link.externalId,
    externalMetadata: link.externalMetadata,
  };
}

/** `activeCharacter` is picked from the user's own characters. */
export function toUserJson(user: UserEntity, parts: UserJsonParts): UserBody {
  return {
    userId: user.id,
    permissions: String(user.permissions),
    maxCharacters: user.maxCharacters,
    activeCharacter: parts.characters.find((character) => character.characterId === user.activeCharacterId) ?? null,
    characters: parts.characters,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    ...(parts.providers ? { providers: parts.providers.map((link): [ProviderName, ProviderLinkBody] => [link.providerName, toProviderLinkJson(link)]) } : {}),
  };
}
