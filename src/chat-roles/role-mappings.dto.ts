import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsString, Matches, ValidateNested } from 'class-validator';
import { IsPermissionBitfield, PERMISSION_BITS_DESCRIPTION } from '../common/permissions/permission-field';

/** A chat provider's role id: its snowflake, in decimal. */
export const CHAT_ROLE_ID = /^\d{1,32}$/;
const ROLE_ID_MESSAGE = 'role ids are the chat provider’s decimal ids (1–32 digits)';
export const MAX_MAPPINGS = 250;

export class RoleMappingDto {
  @ApiProperty({ description: 'The chat role’s id (decimal, 1–32 digits).', example: '1180000000000000001' })
  @IsString()
  @Matches(CHAT_ROLE_ID, { message: ROLE_ID_MESSAGE })
  chatRoleId: string;

  @ApiProperty({ description: `${PERMISSION_BITS_DESCRIPTION} What holding the role grants.`, example: '2' })
  @IsPermissionBitfield()
  permissions: string;
}

export class RoleMappingsDto {
  @ApiProperty({ type: [RoleMappingDto], description: `The whole set, at most ${MAX_MAPPINGS}, one per role.` })
  @IsArray()
  @ArrayMaxSize(MAX_MAPPINGS)
  @ArrayUnique((mapping: RoleMappingDto) => mapping?.chatRoleId, { message: 'each chatRoleId at most once' })
  @ValidateNested({ each: true })
  @Type(() => RoleMappingDto)
  mappings: RoleMappingDto[];

  @ApiProperty({ description: 'Only members of the community sign in (not_a_member); a member who leaves loses their sessions.' })
  @IsBoolean()
  requireMembership: boolean;

  @ApiProperty({ type: [String], description: `When not empty, a sign-in needs one of these roles (missing_role); at most ${MAX_MAPPINGS}.` })
  @IsArray()
  @ArrayMaxSize(MAX_MAPPINGS)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(CHAT_ROLE_ID, { each: true, message: ROLE_ID_MESSAGE })
  requiredRoleIds: string[];
}

export class RoleMappingJson {
  @ApiProperty({ example: '1180000000000000001' }) chatRoleId: string;
  @ApiProperty({ example: '2', description: 'Decimal bitfield.' }) permissions: string;
}

export class RoleMappingsJson {
  @ApiProperty({ type: [RoleMappingJson] }) mappings: RoleMappingJson[];
  @ApiProperty() requireMembership: boolean;
  @ApiProperty({ type: [String] }) requiredRoleIds: string[];
}
