import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { MultiLineText } from '../common/validation';
import { CursorQueryDto } from '../common/pagination';
import { isKnownEventPattern } from './webhook-events';

function AreKnownEvents() {
  return ValidateBy({
    name: 'areKnownEvents',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string' && isKnownEventPattern(item)),
      defaultMessage: () => 'events must list known actions, known prefix.* or *',
    },
  });
}

const EVENTS_DOC = { type: [String] as [StringConstructor], example: ['character.approved', 'bank.*'], description: 'actions, `prefix.*`, or `*`' };

export class CreateWebhookDto {
  @ApiProperty({ example: 'https://example.org/hooks/platform' })
  @IsString()
  @MaxLength(2048)
  url: string;

  @ApiProperty(EVENTS_DOC)
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(50)
  @AreKnownEvents()
  events: string[];

  @ApiProperty({ enum: ['standard', 'discord'] })
  @IsIn(['standard', 'discord'])
  format: 'standard' | 'discord';

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @MultiLineText()
  description?: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional(EVENTS_DOC)
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(50)
  @AreKnownEvents()
  events?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class DeliveriesQueryDto extends CursorQueryDto {}
