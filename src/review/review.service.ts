import { Injectable } from '@nestjs/common';
import { actorOf } from '../events/domain-event';
import type { Principal } from '../access/principal';
import { type BatchOutcome, CharacterLifecycle } from '../characters/character-lifecycle.service';
import type { CharacterJson } from '../characters/character.schema';
import { CharactersService } from '../characters/characters.service';
import { pageOffset, type PaginationMeta, paginationMeta, type PaginationQueryDto } from '../common/pagination';

export type ReviewOutcome = BatchOutcome;

export interface PendingPage {
  characters: CharacterJson[];
  meta: PaginationMeta;
}

/** The staff review (spec "Staff review", decisions §4.10, 4.11, 4.18–4.20): the queue, and decisions taken by the lifecycle. */
@Injectable()
export class ReviewService {
  constructor(
    private readonly characters: CharactersService,
    private readonly lifecycle: CharacterLifecycle,
  ) {}

  async pending(query: PaginationQueryDto): Promise<PendingPage> {
    const { total, characters } = await this.characters.pendingPage(pageOffset(query), query.limit);
    return { characters, meta: paginationMeta(total, query.page, query.limit) };
  }

  approve(caller: Principal, characterIds: string[]): Promise<ReviewOutcome> {
    return this.lifecycle.approveMany(actorOf(caller), characterIds);
  }

  reject(caller: Principal, characterIds: string[], reason: string | null | undefined): Promise<ReviewOutcome> {
    return this.lifecycle.rejectMany(actorOf(caller), characterIds, reason);
  }
}
