import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ProviderLinkEntity, ProviderName } from '../auth/provider-link.entity';
import { CharacterJson } from '../characters/character.schema';
import type { UserEntity } from '../users/user.entity';

/** The contract's ProviderLink. */
export class ProviderLinkJson {
  @ApiProperty() userId: string;
  @ApiProperty() providerId: string;
  @ApiProperty({ enum: ['chatapp', 'gameplatform'] }) providerName: ProviderName;
  @ApiProperty() externalId: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) externalMetadata: Record<string, unknown>;
}

/** The contract's User resource; the presenter below answers exactly this class. */
export class UserJson {
  @ApiProperty({ example: '1234567890123456789' }) userId: string;
  @ApiProperty({ example: '9', description: 'permission bitfield as a decimal string' }) permissions: string;
  @ApiProperty() maxCharacters: number;
  @ApiProperty({ type: CharacterJson, nullable: true }) activeCharacter: CharacterJson | null;
  @ApiProperty({ type: [CharacterJson] }) characters: CharacterJson[];
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;

  @ApiPropertyOptional({
    description: 'only with `providers=true`: `[providerName, ProviderLink]` pairs',
    type: 'array',
    items: { type: 'array', items: {} },
  })
  providers?: [ProviderName, ProviderLinkJson][];
}

export interface UserJsonParts {
  /** The effective permissions (decisions §15), which the row alone does not tell. */
  permissions: number;
  characters: CharacterJson[];
  /** Present only when the caller asked for `providers=true`. */
  providers?: ProviderLinkEntity[];
}

export function toProviderLinkJson(link: ProviderLinkEntity): ProviderLinkJson {
  return {
    userId: link.userId,
    providerId: link.id,
    providerName: link.providerName,
    externalId: link.externalId,
    externalMetadata: link.externalMetadata,
  };
}

/** `activeCharacter` is picked from the user's own characters. */
export function toUserJson(user: UserEntity, parts: UserJsonParts): UserJson {
  return {
    userId: user.id,
    permissions: String(parts.permissions),
    maxCharacters: user.maxCharacters,
    activeCharacter: parts.characters.find((character) => character.characterId === user.activeCharacterId) ?? null,
    characters: parts.characters,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    ...(parts.providers ? { providers: parts.providers.map((link): [ProviderName, ProviderLinkJson] => [link.providerName, toProviderLinkJson(link)]) } : {}),
  };
}
