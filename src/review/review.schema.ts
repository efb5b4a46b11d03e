import { ApiProperty } from '@nestjs/swagger';
import { CharacterBody } from '../characters/character.schema';
import { PaginationMetaJson } from '../common/pagination';

// The review answers' JSON shapes, for the OpenAPI document only.

export class PendingPageBody {
  @ApiProperty({ type: [CharacterBody], description: '`pending_approval` characters, oldest submission first' })
  characters: CharacterBody[];

  @ApiProperty({ type: PaginationMetaJson })
  meta: PaginationMetaJson;
}

class SkippedBody {
  @ApiProperty({ description: 'as sent' })
  characterId: string;

  @ApiProperty({
    enum: ['not_found', 'own_character', 'not_pending'],
    description: '`not_found` also for a malformed id; `own_character`: the reviewer\'s own, unless `REVIEW_SELF_APPROVAL=true`',
  })
  reason: string;
}

export class ReviewOutcomeBody {
  @ApiProperty({ type: [CharacterBody], description: 'the characters that changed, in the order sent' })
  characters: CharacterBody[];

  @ApiProperty({ type: [SkippedBody], description: 'the ids left as they were, in the order sent' })
  skipped: SkippedBody[];
}
