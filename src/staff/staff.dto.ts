import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CHARACTER_STATUSES } from '../characters/character-directory.service';

export const MAX_SEARCH_LIMIT = 100;

class SearchPageQuery {
  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SEARCH_LIMIT, default: 50 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_LIMIT)
  limit: number = 50;
}

export class UserSearchQuery extends SearchPageQuery {
  @ApiPropertyOptional({
    description: 'Prefix of a chat username or display name (case and accents ignored), or exactly a user id, chat id or game-platform id.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  q?: string;

  @ApiPropertyOptional({ description: 'Only users holding this tag (one of `STAFF_TAGS`).' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  tag?: string;
}

export class CharacterSearchQuery extends SearchPageQuery {
  @ApiPropertyOptional({ description: 'Prefix of any word of the first or last names, case and accents ignored.' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  q?: string;

  @ApiPropertyOptional({ description: `Comma-separated statuses: ${CHARACTER_STATUSES.join(', ')}.` })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  status?: string;

  @ApiPropertyOptional({ description: 'Only the characters of this user.' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  userId?: string;
}
