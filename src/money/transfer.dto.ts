import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { MAX_BALANCE } from '../database/bounded-balance';

/** `{type: "wallet", characterId}`, `{type: "account", accountId}`, `{type: "organisation", organisationId}` or `{type: "external"}`. */
export class HolderRefDto {
  @ApiProperty({ enum: ['wallet', 'account', 'organisation', 'external'] })
  @IsIn(['wallet', 'account', 'organisation', 'external'])
  type: 'wallet' | 'account' | 'organisation' | 'external';

  @ApiPropertyOptional({ description: 'With `wallet`: the character whose wallet it is' })
  @ValidateIf((ref: HolderRefDto) => ref.type === 'wallet' || ref.characterId !== undefined)
  @IsString()
  @MaxLength(32)
  characterId?: string;

  @ApiPropertyOptional({ description: 'With `account`: the bank account' })
  @ValidateIf((ref: HolderRefDto) => ref.type === 'account' || ref.accountId !== undefined)
  @IsString()
  @MaxLength(32)
  accountId?: string;

  @ApiPropertyOptional({ description: "With `organisation`: the organisation whose treasury it is" })
  @ValidateIf((ref: HolderRefDto) => ref.type === 'organisation' || ref.organisationId !== undefined)
  @IsString()
  @MaxLength(32)
  organisationId?: string;
}

export class TransferDto {
  @ApiProperty({ type: HolderRefDto, description: 'Where the money leaves', example: { type: 'wallet', characterId: '384900000000000002' } })
  @IsObject()
  @ValidateNested()
  @Type(() => HolderRefDto)
  from: HolderRefDto;

  @ApiProperty({ type: HolderRefDto, description: 'Where the money arrives', example: { type: 'organisation', organisationId: '384900000000000010' } })
  @IsObject()
  @ValidateNested()
  @Type(() => HolderRefDto)
  to: HolderRefDto;

  @ApiProperty({ minimum: 1, maximum: MAX_BALANCE, example: 1000 })
  @IsInt()
  @Min(1)
  @Max(MAX_BALANCE)
  amount: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 140, example: 'Salario de marzo' })
  @ValidateIf((dto: TransferDto) => dto.memo !== undefined && dto.memo !== null)
  @IsString()
  @MaxLength(140)
  memo?: string | null;
}

export class StatementQueryDto {
  @ApiPropertyOptional({ description: 'An `entryId` of this statement: the page starts after it' })
  @ValidateIf((query: StatementQueryDto) => query.before !== undefined)
  @IsString()
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 50;
}
