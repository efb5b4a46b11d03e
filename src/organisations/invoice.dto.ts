import { Param } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsObject, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsSnowflakeId, ParseSnowflakePipe } from '../common/ids';
import { MAX_BALANCE } from '../database/bounded-balance';
import { HolderRefDto } from '../money/transfer.dto';
import { INVOICE_KINDS, INVOICE_STATUSES, type InvoiceKind, type InvoiceStatus } from './invoice.entity';
import { Absent, CursorListQueryDto, IdQuery, PlainText } from './organisation.dto';
import { UnknownInvoice } from './organisation.errors';

/** `:invoiceId`; a malformed one is an unknown invoice. */
export const InvoiceIdParam = () => Param('invoiceId', new ParseSnowflakePipe(() => new UnknownInvoice()));

export class BilledDto {
  @ApiProperty({ description: 'The billed character', example: '384900000000000002' })
  @IsSnowflakeId()
  characterId: string;
}

export class IssueInvoiceDto {
  @ApiProperty({ enum: INVOICE_KINDS })
  @IsIn(INVOICE_KINDS)
  kind: InvoiceKind;

  @ApiProperty({
    type: HolderRefDto,
    description: 'The issuer: `{type: "wallet", characterId}` (its owner; invoices only) or `{type: "organisation", organisationId}`',
    example: { type: 'organisation', organisationId: '384900000000000010' },
  })
  @IsObject()
  @ValidateNested()
  @Type(() => HolderRefDto)
  from: HolderRefDto;

  @ApiProperty({ type: BilledDto })
  @IsObject()
  @ValidateNested()
  @Type(() => BilledDto)
  to: BilledDto;

  @ApiProperty({ minimum: 1, maximum: MAX_BALANCE, example: 250, description: 'Fixed now: paying never takes an amount' })
  @IsInt()
  @Min(1)
  @Max(MAX_BALANCE)
  amount: number;

  @ApiProperty({ minLength: 1, maxLength: 140, example: 'Exceso de velocidad' })
  @PlainText(1, 140)
  reason: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'In the future; after it a pending invoice is `overdue`. Null or absent: no due date',
    example: null,
  })
  @ValidateIf((dto: IssueInvoiceDto) => dto.dueAt !== undefined && dto.dueAt !== null)
  @IsISO8601({ strict: true })
  dueAt?: string | null;
}

export class PayInvoiceDto {
  @ApiProperty({
    type: HolderRefDto,
    description: "The billed character's wallet (`{type: \"wallet\", characterId}`) or one of its accounts (`{type: \"account\", accountId}`)",
    example: { type: 'wallet', characterId: '384900000000000002' },
  })
  @IsObject()
  @ValidateNested()
  @Type(() => HolderRefDto)
  from: HolderRefDto;
}

export class InvoiceListQueryDto extends CursorListQueryDto {
  @ApiPropertyOptional({ description: 'The billed character' })
  @IdQuery('characterId')
  characterId?: string;

  @ApiPropertyOptional({ description: 'The issuing organisation' })
  @IdQuery('organisationId')
  organisationId?: string;

  @ApiPropertyOptional({ enum: INVOICE_STATUSES })
  @Absent()
  @IsIn(INVOICE_STATUSES)
  status?: InvoiceStatus;

  @ApiPropertyOptional({ enum: INVOICE_KINDS })
  @Absent()
  @IsIn(INVOICE_KINDS)
  kind?: InvoiceKind;
}
