import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { IsPermissionBitfield, PERMISSION_BITS_DESCRIPTION } from '../common/permissions/permission-field';

export class CreateServiceKeyDto {
  @ApiProperty({ description: 'What the key is for, shown in the list (1–64 characters).', example: 'servidor-principal' })
  @IsString()
  @Length(1, 64)
  @Matches(/\S/, { message: 'name must not be blank' })
  name: string;

  @ApiProperty({ description: `${PERMISSION_BITS_DESCRIPTION} Only bits the caller holds.`, example: '16' })
  @IsPermissionBitfield()
  permissions: string;
}
