import { Injectable } from '@nestjs/common';
import { type EntityManager, type FindOptionsWhere, In, IsNull, Not } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { UnknownCharacter, UnknownUser } from '../common/errors/domain-error';
import { TransactionRunner } from '../database/transaction-runner';
import { UserEntity } from '../users/user.entity';
import { searchWords } from '../common/search-text';
import { CharacterNameWordEntity } from './character-name-word.entity';
import { CharacterEntity, ENDED_STATUSES, type IdStatus } from './character.entity';

export type CharacterChanges = QueryDeepPartialEntity<CharacterEntity>;

/** Data access for characters; every method works inside the caller's transaction. */
@Injectable()
export class CharactersRepository {
  constructor(private readonly transactions: TransactionRunner) {}

  listOfUser(manager: EntityManager, userId: string): Promise<CharacterEntity[]> {
    return manager.find(CharacterEntity, { where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The user's character, locked for the transaction when asked; 404 with the contract's text otherwise. */
  async requireOfUser(
    manager: EntityManager,
    userId: string,
    characterId: string,
    options: { lock?: boolean } = {},
  ): Promise<CharacterEntity> {
    const query = manager
      .createQueryBuilder(CharacterEntity, 'character')
      .where('character.id = :characterId AND character.userId = :userId', { characterId, userId });
    const character = await (options.lock ? this.transactions.lockForUpdate(query) : query).getOne();
    if (character) return character;
    throw (await manager.existsBy(UserEntity, { id: userId })) ? new UnknownCharacter() : new UnknownUser();
  }

  /** The character by id alone (staff actions), locked for the transaction; 404 otherwise. */
  async requireLocked(manager: EntityManager, characterId: string): Promise<CharacterEntity> {
    const query = manager.createQueryBuilder(CharacterEntity, 'character').where('character.id = :characterId', { characterId });
    const character = await this.transactions.lockForUpdate(query).getOne();
    if (!character) throw new UnknownCharacter();
    return character;
  }

  /** Locks the user's row, so that decisions about its characters are taken one at a time. */
  lockUser(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    const query = manager.createQueryBuilder(UserEntity, 'user').where('user.id = :userId', { userId });
    return this.transactions.lockForUpdate(query).getOne();
  }

  /** The characters that count toward `maxCharacters`: every one but the retired and deceased. */
  countOfUser(manager: EntityManager, userId: string): Promise<number> {
    return manager.countBy(CharacterEntity, { userId, idStatus: Not(In([...ENDED_STATUSES])) });
  }

  async insert(manager: EntityManager, values: CharacterChanges & { id: string }): Promise<CharacterEntity> {
    await manager.insert(CharacterEntity, values);
    const character = await manager.findOneByOrFail(CharacterEntity, { id: values.id });
    await this.indexNames(manager, character);
    return character;
  }

  async update(manager: EntityManager, id: string, changes: CharacterChanges): Promise<void> {
    await manager.update(CharacterEntity, { id }, changes);
    if (changes.firstNames !== undefined || changes.lastNames !== undefined) {
      await this.indexNames(manager, await manager.findOneByOrFail(CharacterEntity, { id }));
    }
  }

  /** Rewrites the words the staff search finds the character by; every name change comes here. */
  async indexNames(manager: EntityManager, character: Pick<CharacterEntity, 'id' | 'firstNames' | 'lastNames'>): Promise<void> {
    await manager.delete(CharacterNameWordEntity, { characterId: character.id });
    const words = searchWords(`${character.firstNames} ${character.lastNames}`);
    if (words.length) await manager.insert(CharacterNameWordEntity, words.map((word) => ({ word, characterId: character.id })));
  }

  /**
   * Moves the character from one status to another only if it is still in `from` and every
   * `required` column is set: the database decides, so concurrent transitions never both apply.
   */
  async transition(
    manager: EntityManager,
    id: string,
    from: IdStatus,
    changes: CharacterChanges,
    required: (keyof CharacterEntity)[] = [],
  ): Promise<boolean> {
    const where: FindOptionsWhere<CharacterEntity> = { id, idStatus: from };
    for (const column of required) Object.assign(where, { [column]: Not(IsNull()) });
    const result = await manager.update(CharacterEntity, where, changes);
    return (result.affected ?? 0) === 1;
  }
}
