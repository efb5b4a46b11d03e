import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const SNOWFLAKE = /^[1-9]\d{0,19}$/;

export class AuditQueryDto {
  @ApiPropertyOptional({ description: 'an action (`character.approved`) or a prefix (`character.*`)' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[a-z_]+(\.[a-z_]+|\.\*)?$/, { message: 'action must be an action name or prefix.*' })
  action?: string;

  @ApiPropertyOptional({ description: 'user id or service key id of the actor' })
  @IsOptional()
  @Matches(SNOWFLAKE, { message: 'actorId must be an id' })
  actorId?: string;

  @ApiPropertyOptional({ description: 'id of the subject' })
  @IsOptional()
  @Matches(SNOWFLAKE, { message: 'subjectId must be an id' })
  subjectId?: string;

  @ApiPropertyOptional({ description: '`nextBefore` of the previous page' })
  @IsOptional()
  @Matches(SNOWFLAKE, { message: 'before must be an eventId' })
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 50;
}
