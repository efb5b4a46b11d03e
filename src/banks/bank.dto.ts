import { applyDecorators, Param } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Length, Matches, Max, Min, NotEquals, ValidateIf } from 'class-validator';
import { InvalidBody } from '../common/errors/domain-error';
import { IsSnowflakeId, ParseSnowflakePipe } from '../common/ids';
import { UnknownBank } from './bank.errors';

/** Capital stays a safe JavaScript integer (decisions §4.21). */
export const MAX_CAPITAL = Number.MAX_SAFE_INTEGER;

/** `:bankId`; a malformed one is an unknown bank (decisions §4.24). */
export const BankIdParam = () => Param('bankId', new ParseSnowflakePipe(() => new UnknownBank()));

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Optional means absent: an explicit null is a wrong type, not "unchanged". */
const Absent = () => ValidateIf((_object, value) => value !== undefined);

const BankName = () =>
  applyDecorators(
    Transform(trimmed),
    IsString(),
    Length(2, 64),
    Matches(/^[^\p{Cc}]*$/u, { message: '$property must not hold control characters' }),
  );

const Capital = () => applyDecorators(IsInt(), Min(0), Max(MAX_CAPITAL));

export class CreateBankDto {
  @ApiProperty({ description: '`characterId` of the owning character' })
  @IsSnowflakeId()
  ownerId: string;

  @ApiProperty({ minLength: 2, maxLength: 64 })
  @BankName()
  name: string;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_CAPITAL, default: 0 })
  @Absent()
  @Capital()
  capital?: number;
}

export class UpdateBankDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 64 })
  @Absent()
  @BankName()
  name?: string;

  @ApiPropertyOptional({ description: '`characterId` of the new owner; it must exist' })
  @Absent()
  @IsSnowflakeId()
  ownerId?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_CAPITAL,
    description: 'New absolute capital; only for `ADMINISTRATOR` (403 otherwise)',
  })
  @Absent()
  @Capital()
  capital?: number;
}

export class AdjustCapitalDto {
  @ApiProperty({
    minimum: -MAX_CAPITAL,
    maximum: MAX_CAPITAL,
    description: 'Non-zero integer: positive adds to capital, negative subtracts',
  })
  @IsInt()
  @NotEquals(0)
  @Min(-MAX_CAPITAL)
  @Max(MAX_CAPITAL)
  amount: number;
}

export class CreateAccountDto {
  @ApiProperty({ description: 'The character that holds the account' })
  @IsSnowflakeId()
  characterId: string;
}

/** An update must change something: an empty body or one with no recognized field is a 400. */
export function assertAnyChange(dto: UpdateBankDto, hasIcon = false): void {
  const fields = [dto.name, dto.ownerId, dto.capital];
  if (hasIcon || fields.some((value) => value !== undefined)) return;
  throw new InvalidBody([{ field: 'body', message: 'send at least one of name, ownerId, capital, icon' }]);
}
