import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { prefixUpperBound } from '../common/search-text';
import { CharacterNameWordEntity } from './character-name-word.entity';
import type { CharacterJson } from './character.schema';
import { CharacterEntity, ID_STATUSES, type IdStatus } from './character.entity';
import { presentCharacters } from './character-views';

/** Every `idStatus`, for other modules' validation. */
export const CHARACTER_STATUSES: readonly IdStatus[] = ID_STATUSES;

export interface CharacterSearch {
  /** A search key (`searchKey`): the prefix of any word of the names. */
  prefix?: string;
  statuses?: IdStatus[];
  userId?: string;
  /** Without `prefix`, only `id` is used. */
  after?: { key: string; id: string };
  limit: number;
}

/** What other modules read of characters: lookups, counts and the staff search. */
@Injectable()
export class CharacterDirectory {
  constructor(private readonly dataSource: DataSource) {}

  ofUsers(userIds: string[]): Promise<CharacterEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.dataSource.manager.find(CharacterEntity, { where: { userId: In(userIds) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The characters with these ids, in the order of `ids`. */
  async findMany(ids: string[]): Promise<CharacterEntity[]> {
    if (ids.length === 0) return [];
    const found = new Map((await this.dataSource.manager.findBy(CharacterEntity, { id: In(ids) })).map((c) => [c.id, c]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The character's owner and status, read in the caller's transaction; null when there is no such character. */
  statusOf(manager: EntityManager, characterId: string): Promise<Pick<CharacterEntity, 'userId' | 'idStatus'> | null> {
    return manager.findOne(CharacterEntity, { select: { userId: true, idStatus: true }, where: { id: characterId } });
  }

  present(characters: CharacterEntity[]): Promise<CharacterJson[]> {
    return presentCharacters(this.dataSource.manager, characters);
  }

  /** How many characters each user has, ended ones included. */
  async countsOfUsers(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.dataSource.manager
      .createQueryBuilder(CharacterEntity, 'character')
      .select('character.userId', 'userId')
      .addSelect('COUNT(*)', 'count')
      .where({ userId: In(userIds) })
      .groupBy('character.userId')
      .getRawMany<{ userId: string; count: string | number }>();
    return new Map(rows.map((row) => [String(row.userId), Number(row.count)]));
  }

  /**
   * One page of the staff search: (word, id) order over the name words' index when there is a
   * prefix, id order otherwise. A character with several matching words is found by its first.
   */
  async search(search: CharacterSearch): Promise<{ key: string; id: string }[]> {
    return search.prefix === undefined ? this.byId(search) : this.byWord(search, search.prefix);
  }

  private async byWord(search: CharacterSearch, prefix: string): Promise<{ key: string; id: string }[]> {
    const query = this.dataSource.manager
      .createQueryBuilder(CharacterNameWordEntity, 'w')
      .select('w.word', 'word')
      .addSelect('w.characterId', 'characterId')
      .innerJoin(CharacterEntity, 'character', 'character.id = w.characterId')
      .where('w.word >= :lo AND w.word < :hi', { lo: prefix, hi: prefixUpperBound(prefix) })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM "character_name_words" "earlier"
          WHERE "earlier"."characterId" = "w"."characterId" AND "earlier"."word" >= :lo AND "earlier"."word" < "w"."word")`,
      );
    if (search.after) {
      query.andWhere('(w.word > :afterKey OR (w.word = :afterKey AND w.characterId > :afterId))', {
        afterKey: search.after.key,
        afterId: search.after.id,
      });
    }
    filters(query, search);
    const rows = await query.orderBy('w.word', 'ASC').addOrderBy('w.characterId', 'ASC').limit(search.limit).getRawMany<{ word: string; characterId: string }>();
    return rows.map((row) => ({ key: row.word, id: String(row.characterId) }));
  }

  private async byId(search: CharacterSearch): Promise<{ key: string; id: string }[]> {
    const query = this.dataSource.manager.createQueryBuilder(CharacterEntity, 'character').select('character.id', 'id').where('1 = 1');
    if (search.after) query.andWhere('character.id > :afterId', { afterId: search.after.id });
    filters(query, search);
    const rows = await query.orderBy('character.id', 'ASC').limit(search.limit).getRawMany<{ id: string }>();
    return rows.map((row) => ({ key: '', id: String(row.id) }));
  }
}

function filters<T extends object>(query: SelectQueryBuilder<T>, search: CharacterSearch): void {
  if (search.statuses?.length) query.andWhere('character.idStatus IN (:...statuses)', { statuses: search.statuses });
  if (search.userId) query.andWhere('character.userId = :userId', { userId: search.userId });
}
