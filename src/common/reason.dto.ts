import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { MultiLineText } from './validation';

/** The reason of a revocation, a retirement or a death (decisions §12): 1–500 characters. */
export class ReasonDto {
  @ApiProperty({ minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @MultiLineText()
  reason: string;
}
