import { ApiProperty } from '@nestjs/swagger';
import { CharacterJson } from '../characters/character.schema';
import { PaginationMetaJson } from '../common/pagination';

// The review answers' JSON shapes, for the OpenAPI document only.

export class PendingPageJson {
  @ApiProperty({ type: [CharacterJson], description: '`pending_approval` characters, oldest submission first' })
  characters: CharacterJson[];

  @ApiProperty({ type: PaginationMetaJson })
  meta: PaginationMetaJson;
}

class SkippedJson {
  @ApiProperty({ description: 'as sent' })
  characterId: string;

  @ApiProperty({
    enum: ['not_found', 'own_character', 'not_pending'],
    description: '`not_found` also for a malformed id; `own_character`: the reviewer\'s own, unless `REVIEW_SELF_APPROVAL=true`',
  })
  reason: string;
}

export class ReviewOutcomeJson {
  @ApiProperty({ type: [CharacterJson], description: 'the characters that changed, in the order sent' })
  characters: CharacterJson[];

  @ApiProperty({ type: [SkippedJson], description: 'the ids left as they were, in the order sent' })
  skipped: SkippedJson[];
}
