import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsSnowflakeId } from '../common/ids';
import { CursorQueryDto } from '../common/pagination';

export class AuditQueryDto extends CursorQueryDto {
  @ApiPropertyOptional({ description: 'an action (`character.approved`) or a prefix (`character.*`)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[a-z_]+(\.[a-z_]+|\.\*)?$/, { message: 'action must be an action name or prefix.*' })
  action?: string;

  @ApiPropertyOptional({ description: 'user id or service key id of the actor' })
  @IsOptional()
  @IsSnowflakeId()
  actorId?: string;

  @ApiPropertyOptional({ description: 'id of the subject' })
  @IsOptional()
  @IsSnowflakeId()
  subjectId?: string;
}
