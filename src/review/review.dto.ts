import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { MultiLineText } from '../common/validation';

export const MAX_BATCH_SIZE = 100;
export const MAX_REVIEW_NOTE_LENGTH = 500;

export class ReviewBatchDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_BATCH_SIZE,
    description: 'Character ids, processed as one batch; duplicates count once; unknown or malformed ids are skipped.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_SIZE)
  @IsString({ each: true })
  characterIds: string[];
}

export class RejectBatchDto extends ReviewBatchDto {
  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_REVIEW_NOTE_LENGTH,
    nullable: true,
    description: 'Why; kept on each character as `reviewNote` until it is submitted again.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_REVIEW_NOTE_LENGTH)
  @MultiLineText()
  reason?: string | null;
}
