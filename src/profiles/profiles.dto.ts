import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { IsSnowflakeId } from '../common/ids';
import { IsPermissionBitfield, PERMISSION_BITS_DESCRIPTION } from '../common/permissions/permission-field';
import { MAX_CHARACTERS_LIMIT } from '../users/user.policy';

export class UpdateUserDto {
  @ApiPropertyOptional({ description: `The new ${PERMISSION_BITS_DESCRIPTION}`, example: '9' })
  @ValidateIf((dto: UpdateUserDto) => dto.permissions !== undefined)
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
