import { Injectable } from '@nestjs/common';
import type { SessionUser } from '../auth/session-user';
import { TransactionRunner } from '../database/transaction-runner';
import { IdCardService } from '../review/id-card.service';
import { UsersDirectory } from '../users/users-directory.service';
import type { CharacterJson } from './character.presenter';
import type { CharacterEntity } from './character.entity';
import { CharacterNotEndable } from './character.errors';
import { presentCharacter } from './character-views';
import { CharactersRepository } from './characters.repository';

export type EndState = 'retired' | 'deceased';

/** From which status each end state is reached: an approved character retires or dies; a retired one may die. */
const ENDS_FROM: Record<EndState, CharacterEntity['idStatus'][]> = {
  retired: ['approved'],
  deceased: ['approved', 'retired'],
};

/**
 * The end of a character's life (decisions §11): read-only from then on, no longer active nor
 * counted toward `maxCharacters`, its money frozen, and its ID card issued again crossed by the
 * void band. One transaction under the character's row lock.
 */
@Injectable()
export class CharacterEndings {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly characters: CharactersRepository,
    private readonly users: UsersDirectory,
    private readonly idCards: IdCardService,
  ) {}

  end(caller: SessionUser, characterId: string, to: EndState, reason: string): Promise<CharacterJson> {
    void caller;
    void reason;
    return this.transactions.run(async (manager) => {
      const character = await this.characters.requireLocked(manager, characterId);
      const from = character.idStatus;
      if (!ENDS_FROM[to].includes(from)) throw new CharacterNotEndable();
      const idCardHash = await this.idCards.issue(character, new Date(), { voided: true });
      if (!(await this.characters.transition(manager, character.id, from, { idStatus: to, idCardHash }))) throw new CharacterNotEndable();
      await this.users.clearActiveCharacter(manager, character.userId, character.id);
      // audit: auditLog.record(manager, characterEvent(`character.${to}`, actorOf(caller), character, {reason}))
      return presentCharacter(manager, { ...character, idStatus: to, idCardHash });
    });
  }
}
