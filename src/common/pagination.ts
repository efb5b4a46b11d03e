import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { isSnowflake } from './ids';

export const MAX_PAGE_SIZE = 50;

export class PaginationQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit: number = 20;
}

export interface PaginationMeta {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** `PaginationMeta` for the OpenAPI document. */
export class PaginationMetaJson implements PaginationMeta {
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiProperty() totalPages: number;
}

export function paginationMeta(total: number, page: number, limit: number): PaginationMeta {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}

export function pageOffset(query: PaginationQueryDto): number {
  return (query.page - 1) * query.limit;
}

export const MAX_CURSOR_PAGE_SIZE = 100;

/** Newest-first lists paged by id: `before` is the previous page's `nextBefore`. */
export class CursorQueryDto {
  @ApiPropertyOptional({ description: '`nextBefore` of the previous page' })
  @IsOptional()
  @ValidateBy({ name: 'isCursor', validator: { validate: isSnowflake, defaultMessage: () => 'before must be a nextBefore value' } })
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CURSOR_PAGE_SIZE, default: 50 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_CURSOR_PAGE_SIZE)
  limit: number = 50;
}

/**
 * Cuts `rows` (read with `limit + 1`, newest first) to one page; `nextBefore` is the last id
 * shown when more rows exist, else null.
 */
export function cursorPage<T extends { id: string }>(rows: T[], limit: number): { page: T[]; nextBefore: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextBefore: rows.length > limit ? page[page.length - 1].id : null };
}
