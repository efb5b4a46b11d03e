import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { type DomainError, ForbiddenError } from '../common/errors/domain-error';
import { assertPathUserIsCaller } from '../common/permissions/path-user';
import { TransactionRunner } from '../database/transaction-runner';
import { REQUIRED_FOR_SUBMISSION } from './character-uploads';
import type { CharacterJson } from './character.presenter';
import type { CharacterEntity } from './character.entity';
import { DuplicateSubmission, MissingCharacterData } from './character.errors';
import { isEnded } from './character-access';
import { presentCharacter } from './character-views';
import { CharactersRepository } from './characters.repository';
import type { ViewOptions } from './characters.service';

/** The outcome of a cancel: 201 with the character, or 304 (no body) when it was already a draft. */
export type CancelOutcome = { changed: true; character: CharacterJson } | { changed: false };

/**
 * The owner's side of the state machine. Each transition is one conditional UPDATE that applies
 * only from the expected status; when it does not apply, the row as it now stands says why.
 */
@Injectable()
export class CharacterSubmissionsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly characters: CharactersRepository,
  ) {}

  /** `draft` -> `pending_approval`, with every required asset present (decisions §4.16). */
  submit(caller: SessionUser, userId: string, characterId: string, view: ViewOptions): Promise<CharacterJson> {
    assertPathUserIsCaller(userId, caller.id, 'Forbidden');
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
      return presentCharacter(manager, now, view);
    });
  }

  /** `pending_approval` -> `draft`; a draft stays as it is; an approved character cannot leave. */
  cancel(caller: SessionUser, userId: string, characterId: string, view: ViewOptions): Promise<CancelOutcome> {
    assertPathUserIsCaller(userId, caller.id, 'Forbidden');
    return this.transactions.run(async (manager) => {
      const character = await this.characters.requireOfUser(manager, userId, characterId);
      const moved = await this.characters.transition(manager, character.id, 'pending_approval', {
        idStatus: 'draft',
        submittedAt: null,
      });
      return this.cancelOutcome(manager, moved, await this.characters.requireOfUser(manager, userId, characterId), view);
    });
  }

  private async cancelOutcome(
    manager: EntityManager,
    moved: boolean,
    character: CharacterEntity,
    view: ViewOptions,
  ): Promise<CancelOutcome> {
    if (moved) return { changed: true, character: await presentCharacter(manager, character, view) };
    if (character.idStatus === 'draft') return { changed: false };
    if (character.idStatus === 'approved' || isEnded(character)) throw new ForbiddenError('Unauthorized');
    // The contract's 500 for a status update that did not apply.
    throw new MissingCharacterData();
  }
}

function submissionRefusal(character: CharacterEntity): DomainError | undefined {
  if (character.idStatus !== 'draft') return new DuplicateSubmission();
  const missing = REQUIRED_FOR_SUBMISSION.filter(({ column }) => character[column] === null);
  const inputs = [...new Set(missing.map((required) => required.input))];
  if (inputs.length === 0) return undefined;
  return new MissingCharacterData(inputs.map((field) => ({ field, message: 'is required before submitting' })));
}
