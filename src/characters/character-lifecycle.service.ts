import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../events/domain-events';
import { type EventActor, type EventEntry, actorOf, personActing } from '../events/domain-event';
import type { Principal } from '../access/principal';
import { type DomainError, ForbiddenError } from '../common/errors/domain-error';
import { mapConcurrently } from '../common/concurrency';
import { isSnowflake } from '../common/ids';
import { AppConfig } from '../config/config';
import { TransactionRunner } from '../database/transaction-runner';
import { type ActivationChoice, UserRecords } from '../users/user-records.service';
import { REQUIRED_FOR_SUBMISSION } from './character-uploads';
import { assertOwnCharacterChange, isEnded, isOwnReview } from './character.policy';
import type { CharacterJson } from './character.schema';
import type { CharacterEntity } from './character.entity';
import { CharacterNotEndable, DuplicateSubmission, MissingCharacterData } from './character.errors';
import { presentCharacter, presentCharacters } from './character-views';
import { CharactersRepository } from './characters.repository';
import type { ViewOptions } from './characters.service';
import { IdCardService, idCardKey } from './id-card/id-card.service';

/** The outcome of a cancel: 201 with the character, or 304 (no body) when it was already a draft. */
export type CancelOutcome = { changed: true; character: CharacterJson } | { changed: false };

export type SkipReason = 'not_found' | 'own_character' | 'not_pending';

export interface BatchOutcome {
  characters: CharacterJson[];
  skipped: { characterId: string; reason: SkipReason }[];
}

/** Cards rendered at once: sharp works on the libuv pool, whose default size is 4. */
const CARD_CONCURRENCY = 4;

/**
 * Every transition of a character and its side effects (ID card, wallet, active character, audit
 * event). Each transition applies only from the expected status, decided by the database under
 * the row's lock or in one conditional UPDATE; the audit event is written in the same transaction.
 */
@Injectable()
export class CharacterLifecycle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly characters: CharactersRepository,
    private readonly users: UserRecords,
    private readonly idCards: IdCardService,
    private readonly events: DomainEvents,
    private readonly config: AppConfig,
  ) {}

  /** `draft` -> `pending_approval`, with every required asset present (decisions §4.16). */
  submit(caller: Principal, userId: string, characterId: string, view: ViewOptions): Promise<CharacterJson> {
    assertOwnCharacterChange(caller, userId);
    const actor = actorOf(caller);
    return this.transactions.run(async (manager) => {
      const character = await this.characters.requireOfUser(manager, userId, characterId);
      const refused = submissionRefusal(character);
      if (refused) throw refused;
      const moved = await this.characters.transition(
        manager,
        character.id,
        'draft',
        { idStatus: 'pending_approval', submittedAt: new Date(), reviewNote: null },
        REQUIRED_FOR_SUBMISSION.map((required) => required.column),
      );
      const now = await this.characters.requireOfUser(manager, userId, characterId);
      if (!moved) throw submissionRefusal(now) ?? new DuplicateSubmission();
      await this.events.publish(manager, characterEvent('character.submitted', actor, now));
      return presentCharacter(manager, now, view);
    });
  }

  /** `pending_approval` -> `draft`; a draft stays as it is (and records nothing); an approved character cannot leave. */
  cancel(caller: Principal, userId: string, characterId: string, view: ViewOptions): Promise<CancelOutcome> {
    assertOwnCharacterChange(caller, userId);
    const actor = actorOf(caller);
    return this.transactions.run(async (manager) => {
      const character = await this.characters.requireOfUser(manager, userId, characterId);
      const moved = await this.characters.transition(manager, character.id, 'pending_approval', {
        idStatus: 'draft',
        submittedAt: null,
      });
      const now = await this.characters.requireOfUser(manager, userId, characterId);
      if (moved) {
        await this.events.publish(manager, characterEvent('character.cancelled', actor, now));
        return { changed: true, character: await presentCharacter(manager, now, view) };
      }
      if (now.idStatus === 'draft') return { changed: false };
      if (now.idStatus === 'approved' || isEnded(now)) throw new ForbiddenError('Unauthorized');
      // The contract's 500 for a status update that did not apply.
      throw new MissingCharacterData();
    });
  }

  /**
   * Approves the pending ones among `characterIds`: wallet, active character when the user has
   * none, ID card. Cards are rendered and stored before the transaction, which stays short; a
   * card stored for a character that turns out not to be pending is a harmless orphan.
   */
  async approveMany(actor: EventActor, characterIds: string[]): Promise<BatchOutcome> {
    const requested = distinct(characterIds);
    const issuedAt = new Date();
    const cards = await this.issueCards(actor, requested.filter(isSnowflake), issuedAt);
    return this.transactions.run(async (manager) => {
      const { pending, skipped } = await this.lockAndDecide(manager, actor, requested);
      if (pending.length === 0) return { characters: [], skipped };
      const hashes = new Map<string, string>();
      for (const character of pending) {
        // Changed since the card was drawn (cancelled, edited and resubmitted meanwhile): draw it again.
        hashes.set(character.id, cards.get(idCardKey(character)) ?? (await this.idCards.issue(character, issuedAt)));
      }
      const ids = [...hashes.keys()];
      await this.characters.createWallets(manager, ids);
      await this.users.activateWhereNone(manager, firstOfEachUser(pending));
      await this.events.publishAll(manager, pending.map((character) => characterEvent('character.approved', actor, character)));
      // Last, as the status change takes the queue counter's row lock: held as briefly as possible.
      await this.characters.markApproved(manager, hashes);
      return { characters: await this.present(manager, ids), skipped };
    });
  }

  /** Sends the pending ones among `characterIds` back to draft with the reviewer's note. */
  rejectMany(actor: EventActor, characterIds: string[], reason: string | null | undefined): Promise<BatchOutcome> {
    const requested = distinct(characterIds);
    const reviewNote = reason?.trim() || null;
    return this.transactions.run(async (manager) => {
      const { pending, skipped } = await this.lockAndDecide(manager, actor, requested);
      const ids = pending.map((character) => character.id);
      if (ids.length === 0) return { characters: [], skipped };
      await this.events.publishAll(
        manager,
        pending.map((character) => characterEvent('character.rejected', actor, character, { reason: reviewNote })),
      );
      await this.characters.markRejected(manager, ids, reviewNote);
      return { characters: await this.present(manager, ids), skipped };
    });
  }

  /**
   * The end of a character's life (decisions §11): read-only from then on, no longer active nor
   * counted toward `maxCharacters`, its money frozen, its ID card issued again crossed by the void
   * band. An approved character retires or dies; a retired one may still die.
   */
  end(caller: Principal, characterId: string, to: EndState, reason: string): Promise<CharacterJson> {
    const actor = actorOf(caller);
    return this.transactions.run(async (manager) => {
      const character = await this.characters.requireLocked(manager, characterId);
      const from = character.idStatus;
      if (!ENDS_FROM[to].includes(from)) throw new CharacterNotEndable();
      const idCardHash = await this.idCards.issue(character, new Date(), { voided: true });
      if (!(await this.characters.transition(manager, character.id, from, { idStatus: to, idCardHash }))) throw new CharacterNotEndable();
      await this.users.clearActive(manager, character.userId, character.id);
      await this.characters.freezeWallet(manager, character.id);
      // Its bank accounts freeze (and, later, its memberships end) where those modules hear of it.
      await this.events.publish(manager, characterEvent(`character.${to}`, actor, character, { reason }));
      return presentCharacter(manager, { ...character, idStatus: to, idCardHash });
    });
  }

  /**
   * Renders an approved character's card again (its fields are on it, decisions §4.20). Called
   * under the row lock of the change, so the card always matches the stored fields.
   */
  async reissueCard(manager: EntityManager, character: CharacterEntity): Promise<void> {
    character.idCardHash = await this.idCards.issue(character);
    await this.characters.update(manager, character.id, { idCardHash: character.idCardHash });
  }

  /** Cards of the characters pending now, keyed by what they were drawn from. */
  private async issueCards(actor: EventActor, ids: string[], issuedAt: Date): Promise<Map<string, string>> {
    const pending = (await this.characters.findPending(this.dataSource.manager, ids)).filter(
      (character) => !this.isOwnReview(actor, character),
    );
    const hashes = await mapConcurrently(pending, CARD_CONCURRENCY, (character) => this.idCards.issue(character, issuedAt));
    return new Map(pending.map((character, index) => [idCardKey(character), hashes[index]]));
  }

  /** Locks the requested characters and sorts them; only the database's current state decides. */
  private async lockAndDecide(manager: EntityManager, actor: EventActor, requested: string[]) {
    const found = new Map((await this.characters.lockMany(manager, requested.filter(isSnowflake))).map((c) => [c.id, c]));
    const decided: { pending: CharacterEntity[]; skipped: BatchOutcome['skipped'] } = { pending: [], skipped: [] };
    for (const characterId of requested) {
      const character = found.get(characterId);
      if (!character) decided.skipped.push({ characterId, reason: 'not_found' });
      else if (this.isOwnReview(actor, character)) decided.skipped.push({ characterId, reason: 'own_character' });
      else if (character.idStatus !== 'pending_approval') decided.skipped.push({ characterId, reason: 'not_pending' });
      else decided.pending.push(character);
    }
    return decided;
  }

  private isOwnReview(actor: EventActor, character: CharacterEntity): boolean {
    return isOwnReview(personActing(actor), character, this.config.reviewSelfApproval);
  }

  private async present(manager: EntityManager, ids: string[]): Promise<CharacterJson[]> {
    return presentCharacters(manager, await this.characters.findInOrder(manager, ids));
  }
}

export type EndState = 'retired' | 'deceased';

/** From which status each end state is reached. */
const ENDS_FROM: Record<EndState, CharacterEntity['idStatus'][]> = {
  retired: ['approved'],
  deceased: ['approved', 'retired'],
};

/** A character event; `data` always names the owner, so subscribers need not look it up. */
export function characterEvent(
  action: EventEntry['action'],
  actor: EventActor,
  character: CharacterEntity,
  data: Record<string, unknown> = {},
): EventEntry {
  return { action, actor, subject: { type: 'character', id: character.id }, data: { userId: character.userId, ...data } };
}

function submissionRefusal(character: CharacterEntity): DomainError | undefined {
  if (character.idStatus !== 'draft') return new DuplicateSubmission();
  const missing = REQUIRED_FOR_SUBMISSION.filter(({ column }) => character[column] === null);
  const inputs = [...new Set(missing.map((required) => required.input))];
  if (inputs.length === 0) return undefined;
  return new MissingCharacterData(inputs.map((field) => ({ field, message: 'is required before submitting' })));
}

/** Each user's earliest submitted character of the batch: the one to become active if none is. */
function firstOfEachUser(characters: CharacterEntity[]): ActivationChoice[] {
  const first = new Map<string, CharacterEntity>();
  for (const character of characters) {
    const seen = first.get(character.userId);
    if (!seen || submittedBefore(character, seen)) first.set(character.userId, character);
  }
  return [...first.values()].map((character) => ({ userId: character.userId, characterId: character.id }));
}

function submittedBefore(a: CharacterEntity, b: CharacterEntity): boolean {
  const at = a.submittedAt?.getTime() ?? 0;
  const bt = b.submittedAt?.getTime() ?? 0;
  return at !== bt ? at < bt : BigInt(a.id) < BigInt(b.id);
}

function distinct(ids: string[]): string[] {
  return [...new Set(ids)];
}
