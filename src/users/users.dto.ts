import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

export const MAX_CHARACTERS_LIMIT = 1000;

export class UpdateUserDto {
  @ApiPropertyOptional({
    description: 'The new permission bitfield as a decimal string (USER=1, STAFF=2, MODERATOR_CHIEF=4, ADMINISTRATOR=8, SERVICE_ADMINISTRATOR=16, DEVELOPER=32).',
    example: '9',
  })
  @ValidateIf((dto: UpdateUserDto) => dto.permissions !== undefined)
  @IsString()
  @Matches(/^(?:[0-9]|[1-5][0-9]|6[0-3])$/, { message: 'permissions must be a decimal bitfield from 0 to 63' })
  permissions?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_CHARACTERS_LIMIT })
  @ValidateIf((dto: UpdateUserDto) => dto.maxCharacters !== undefined)
  @IsInt()
  @Min(0)
  @Max(MAX_CHARACTERS_LIMIT)
  maxCharacters?: number;
}

export class SetActiveCharacterDto {
  @ApiProperty({ description: 'One of the caller’s approved characters.', example: '1234567890123456789' })
  @IsString()
  @MaxLength(32)
  characterId: string;
}
