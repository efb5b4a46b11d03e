import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { UnknownUser } from '../common/errors/domain-error';
import { assertPathUserIsCaller } from '../common/permissions/path-user';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { assertMayRead } from './character-access';
import type { CharacterJson } from './character.presenter';
import type { CreateCharacterDto } from './character.dto';
import { CharacterLimitExceeded } from './character.errors';
import { presentCharacter, presentCharacters } from './character-views';
import { CharactersRepository } from './characters.repository';

export interface ViewOptions {
  /** The contract's `signature=true`. */
  withSignature: boolean;
}

/** Reading and creating characters. */
@Injectable()
export class CharactersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly characters: CharactersRepository,
    private readonly ids: IdGenerator,
  ) {}

  /** Owner only; the contract words this 403 `Unauthorized`. */
  async list(caller: SessionUser, userId: string, view: ViewOptions): Promise<CharacterJson[]> {
    assertPathUserIsCaller(userId, caller.id, 'Unauthorized');
    const manager = this.dataSource.manager;
    return presentCharacters(manager, await this.characters.listOfUser(manager, userId), view);
  }

  async get(caller: SessionUser, userId: string, characterId: string, view: ViewOptions): Promise<CharacterJson> {
    assertMayRead(caller, userId);
    const manager = this.dataSource.manager;
    return presentCharacter(manager, await this.characters.requireOfUser(manager, userId, characterId), view);
  }

  /**
   * The user row is locked before counting, so concurrent creations are decided one after the
   * other and the count can never pass `maxCharacters`.
   */
  async create(caller: SessionUser, userId: string, dto: CreateCharacterDto, view: ViewOptions): Promise<CharacterJson> {
    assertPathUserIsCaller(userId, caller.id, 'Forbidden');
    return this.transactions.run(async (manager) => {
      const user = await this.characters.lockUser(manager, userId);
      if (!user) throw new UnknownUser();
      if ((await this.characters.countOfUser(manager, userId)) >= user.maxCharacters) throw new CharacterLimitExceeded();
      const character = await this.characters.insert(manager, {
        id: this.ids.next(),
        userId,
        firstNames: dto.firstNames,
        lastNames: dto.lastNames,
        age: dto.age,
        height: dto.height,
        gender: dto.gender,
        bloodType: dto.bloodType,
        nationality: dto.nationality,
        dob: dto.dob,
        idStatus: 'draft',
      });
      return presentCharacter(manager, character, view);
    });
  }
}
