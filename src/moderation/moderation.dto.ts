import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { MultiLineText } from '../common/validation';
import { SANCTION_TYPES, type SanctionType } from './sanction.entity';

export class IssueSanctionDto {
  @ApiProperty({ enum: SANCTION_TYPES })
  @IsIn(SANCTION_TYPES)
  type: SanctionType;

  @ApiProperty({ minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @MultiLineText()
  reason: string;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601 instant in the future, or null for permanent. Required.', example: '2030-01-01T00:00:00Z' })
  @IsDefined({ message: 'expiresAt is required (null for permanent)' })
  @ValidateIf((dto: IssueSanctionDto) => dto.expiresAt !== null)
  @IsISO8601({ strict: true, strictSeparator: true })
  expiresAt: string | null;
}

export class CreateNoteDto {
  @ApiProperty({ minLength: 1, maxLength: 2000 })
  @IsString()
  @Length(1, 2000)
  @MultiLineText()
  body: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  pinned?: boolean;
}

export class UpdateNoteDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 2000 })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  @MultiLineText()
  body?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  pinned?: boolean;
}

export class SetTagsDto {
  @ApiProperty({ type: [String], description: 'The whole set of tags, each one of `STAFF_TAGS` (case-insensitive).', example: ['watchlist'] })
  @IsArray()
  @ArrayMaxSize(64)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  tags: string[];
}
