import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { invalidField } from './errors/domain-error';
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
 * The one pager of cursor lists: cuts `rows` (read with `limit + 1`, in the list's order) to one
 * page, and gives where the next page starts (`cursorOf` its last row), or null on the last page.
 * Rows are ordered by a unique key, so a page never repeats or skips a row whatever is added.
 */
export function cursorPage<T, C>(rows: T[], limit: number, cursorOf: (last: T) => C): { page: T[]; next: C | null } {
  const page = rows.slice(0, limit);
  return { page, next: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
}

/** The id of a row: the cursor of lists ordered by id (`before`, `after`). */
export const idOf = (row: { id: string }): string => row.id;

/** Where a list ordered by a key and then by id resumes: after this key and id. */
export interface KeyedPosition {
  key: string;
  id: string;
}

/** Opaque to clients: base64url of the last row's sort key and id. */
export function encodeCursor(position: KeyedPosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id])).toString('base64url');
}

/** A cursor this API did not make is a 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined): KeyedPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && key.length <= 256 && isSnowflake(id)) return { key, id };
  } catch {
    // fall through to the 400
  }
  throw invalidField('cursor', 'cursor must be the nextCursor of a previous page');
}
