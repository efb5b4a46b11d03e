import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { PrincipalVersions } from '../cache/principal-versions';
import { EntityRows } from '../infrastructure/entity-rows';
import { TransactionRunner } from '../database/transaction-runner';
import { UserEntity } from './user.entity';

/** A user's first approved character, to become active when the user has none. */
export interface ActivationChoice {
  userId: string;
  characterId: string;
}

/**
 * The one way to the `users` table; other modules reach it through the methods exported here. A
 * change to a user's row moves the user's principal version.
 */
@Injectable()
export class UsersRepository {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly versions: PrincipalVersions,
  ) {}

  /** Read on every authenticated request and every profile: hand-written SQL (see EntityRows). */
  async find(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    const [user] = await EntityRows.of(manager.connection, UserEntity).findBy(manager, 'id', userId);
    return user ?? null;
  }

  findMany(manager: EntityManager, userIds: string[]): Promise<UserEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return manager.findBy(UserEntity, { id: In([...new Set(userIds)]) });
  }

  /** Users by id, ascending from `after` (exclusive). */
  page(manager: EntityManager, after: string | undefined, limit: number): Promise<UserEntity[]> {
    const query = manager.createQueryBuilder(UserEntity, 'user').orderBy('user.id', 'ASC').limit(limit);
    if (after) query.where('user.id > :after', { after });
    return query.getMany();
  }

  async insert(manager: EntityManager, values: QueryDeepPartialEntity<UserEntity> & { id: string }): Promise<void> {
    await manager.insert(UserEntity, values);
  }

  exists(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.existsBy(UserEntity, { id: userId });
  }

  /** The user row, locked for the rest of the transaction on PostgreSQL. */
  lock(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    const query = manager.createQueryBuilder(UserEntity, 'user').where('user.id = :userId', { userId });
    return this.transactions.lockForUpdate(query).getOne();
  }

  async update(manager: EntityManager, userId: string, changes: QueryDeepPartialEntity<UserEntity>): Promise<void> {
    await manager.update(UserEntity, { id: userId }, changes);
    await this.versions.moved(manager, [userId]);
  }

  /**
   * Sets each chosen character as its user's active one, in one statement, only where the user has
   * none: conditional on the column being null, so a concurrent choice is never overwritten.
   */
  /** Clears the user's active character when it is this one (the character ended). */
  async clearActive(manager: EntityManager, userId: string, characterId: string): Promise<void> {
    await manager.update(UserEntity, { id: userId, activeCharacterId: characterId }, { activeCharacterId: null });
    await this.versions.moved(manager, [userId]);
  }

  async activateWhereNone(manager: EntityManager, choices: ActivationChoice[]): Promise<void> {
    if (choices.length === 0) return;
    const parameters: Record<string, string> = {};
    const branches = choices.map(({ userId, characterId }, index) => {
      parameters[`user_${index}`] = userId;
      parameters[`character_${index}`] = characterId;
      // PostgreSQL types a CASE of bare parameters as text; SQLite keeps these ids as text already.
      const value = this.transactions.dialect === 'postgres' ? `CAST(:character_${index} AS bigint)` : `:character_${index}`;
      return `WHEN :user_${index} THEN ${value}`;
    });
    await manager
      .createQueryBuilder()
      .update(UserEntity)
      .set({ activeCharacterId: () => `CASE "id" ${branches.join(' ')} END` })
      .where('"activeCharacterId" IS NULL AND "id" IN (:...userIds)', { userIds: choices.map((choice) => choice.userId) })
      .setParameters(parameters)
      .execute();
    await this.versions.moved(manager, choices.map((choice) => choice.userId));
  }
}
