import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CharacterEntity } from '../characters/character.entity';
import type { CharacterJson } from '../characters/character.presenter';
import { presentCharacters } from '../characters/character-views';
import { mapConcurrently } from '../common/concurrency';
import { isSnowflake } from '../common/ids';
import { pageOffset, type PaginationMeta, paginationMeta, type PaginationQueryDto } from '../common/pagination';
import { AppConfig } from '../config/config';
import { TransactionRunner } from '../database/transaction-runner';
import { IdCardService, idCardKey } from './id-card.service';
import { ReviewRepository } from './review.repository';

export type SkipReason = 'not_found' | 'own_character' | 'not_pending';

export interface ReviewOutcome {
  characters: CharacterJson[];
  skipped: { characterId: string; reason: SkipReason }[];
}

export interface PendingPage {
  characters: CharacterJson[];
  meta: PaginationMeta;
}

/** Cards rendered at once: sharp works on the libuv pool, whose default size is 4. */
const CARD_CONCURRENCY = 4;

interface Decided {
  pending: CharacterEntity[];
  skipped: ReviewOutcome['skipped'];
}

/** The staff review of submitted characters (spec "Staff review", decisions §4.10, 4.11, 4.18–4.20). */
@Injectable()
export class ReviewService {
  constructor(
    private readonly repository: ReviewRepository,
    private readonly transactions: TransactionRunner,
    private readonly idCards: IdCardService,
    private readonly config: AppConfig,
  ) {}

  async pending(query: PaginationQueryDto): Promise<PendingPage> {
    const [total, page] = await Promise.all([
      this.repository.countPending(),
      this.repository.pendingPage(pageOffset(query), query.limit),
    ]);
    return {
      characters: await presentCharacters(this.repository.manager, page),
      meta: paginationMeta(total, query.page, query.limit),
    };
  }

  /**
   * Approves the pending ones among `characterIds`: wallet, active character when the user has
   * none, and ID card. Cards are rendered and stored before the transaction, which stays short;
   * a card stored for a character that turns out not to be pending is a harmless orphan.
   */
  async approve(reviewerId: string, characterIds: string[]): Promise<ReviewOutcome> {
    const requested = distinct(characterIds);
    const issuedAt = new Date();
    const cards = await this.issueCards(reviewerId, requested.filter(isSnowflake), issuedAt);
    return this.transactions.run(async (manager) => {
      const { pending, skipped } = await this.lockAndDecide(manager, reviewerId, requested);
      if (pending.length === 0) return { characters: [], skipped };
      const hashes = new Map<string, string>();
      for (const character of pending) {
        // Changed since the card was drawn (cancelled, edited and resubmitted meanwhile): draw it again.
        hashes.set(character.id, cards.get(idCardKey(character)) ?? (await this.idCards.issue(character, issuedAt)));
      }
      const ids = [...hashes.keys()];
      await this.repository.createWallets(manager, ids);
      await this.repository.activateWhereNone(manager, ids);
      // Last, as the status change takes the queue counter's row lock: held as briefly as possible.
      await this.repository.markApproved(manager, hashes);
      return { characters: await this.present(manager, ids), skipped };
    });
  }

  /** Sends the pending ones among `characterIds` back to draft with the reviewer's note. */
  async reject(reviewerId: string, characterIds: string[], reason: string | null | undefined): Promise<ReviewOutcome> {
    const requested = distinct(characterIds);
    const reviewNote = reason?.trim() || null;
    return this.transactions.run(async (manager) => {
      const { pending, skipped } = await this.lockAndDecide(manager, reviewerId, requested);
      const ids = pending.map((character) => character.id);
      if (ids.length === 0) return { characters: [], skipped };
      await this.repository.markRejected(manager, ids, reviewNote);
      return { characters: await this.present(manager, ids), skipped };
    });
  }

  /** Cards of the characters pending now, keyed by what they were drawn from. */
  private async issueCards(reviewerId: string, ids: string[], issuedAt: Date): Promise<Map<string, string>> {
    const pending = (await this.repository.findPending(ids)).filter((character) => !this.isOwn(reviewerId, character));
    const hashes = await mapConcurrently(pending, CARD_CONCURRENCY, (character) =>
      this.idCards.issue(character, issuedAt),
    );
    return new Map(pending.map((character, index) => [idCardKey(character), hashes[index]]));
  }

  /** Locks the requested characters and sorts them; only the database's current state decides. */
  private async lockAndDecide(manager: EntityManager, reviewerId: string, requested: string[]): Promise<Decided> {
    const found = new Map(
      (await this.repository.lock(manager, requested.filter(isSnowflake))).map((c) => [c.id, c]),
    );
    const decided: Decided = { pending: [], skipped: [] };
    for (const characterId of requested) {
      const character = found.get(characterId);
      if (!character) decided.skipped.push({ characterId, reason: 'not_found' });
      else if (this.isOwn(reviewerId, character)) decided.skipped.push({ characterId, reason: 'own_character' });
      else if (character.idStatus !== 'pending_approval') decided.skipped.push({ characterId, reason: 'not_pending' });
      else decided.pending.push(character);
    }
    return decided;
  }

  /** Nobody reviews their own characters unless the deployment allows it (decisions §7). */
  private isOwn(reviewerId: string, character: CharacterEntity): boolean {
    return !this.config.reviewSelfApproval && character.userId === reviewerId;
  }

  private async present(manager: EntityManager, ids: string[]): Promise<CharacterJson[]> {
    return presentCharacters(manager, await this.repository.findInOrder(manager, ids));
  }
}

function distinct(ids: string[]): string[] {
  return [...new Set(ids)];
}
