import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min, ValidateBy, ValidateIf } from 'class-validator';
import { IsSnowflakeId } from '../common/ids';
import { ALL_PERMISSION_BITS } from '../common/permissions/permission';

export const MAX_CHARACTERS_LIMIT = 1000;

export class UpdateUserDto {
  @ApiPropertyOptional({
    description: 'The new permission bitfield as a decimal string (USER=1, STAFF=2, MODERATOR_CHIEF=4, ADMINISTRATOR=8, SERVICE_ADMINISTRATOR=16, DEVELOPER=32).',
    example: '9',
  })
  @ValidateIf((dto: UpdateUserDto) => dto.permissions !== undefined)
  @IsString()
  @Matches(/^(0|[1-9]\d{0,9})$/, { message: 'permissions must be a decimal number' })
  @IsPermissionBitfield()
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
  @IsSnowflakeId()
  characterId: string;
}

/** A decimal string naming only known permission bits. */
function IsPermissionBitfield() {
  return ValidateBy({
    name: 'isPermissionBitfield',
    validator: {
      // The range check first: bitwise operators would wrap numbers past 32 bits.
      validate: (value: unknown) =>
        typeof value === 'string' && Number(value) <= ALL_PERMISSION_BITS && (Number(value) & ~ALL_PERMISSION_BITS) === 0,
      defaultMessage: () => `permissions must be a decimal bitfield from 0 to ${ALL_PERMISSION_BITS}`,
    },
  });
}
