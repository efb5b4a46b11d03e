import { Injectable } from '@nestjs/common';
import { type EntityManager, type FindOptionsWhere, In, IsNull, Not } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { UnknownCharacter, UnknownUser } from '../common/errors/domain-error';
import { EntityRows } from '../infrastructure/entity-rows';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRecords } from '../users/user-records.service';
import { searchWords } from '../common/search-text';
import { CharacterNameWordEntity } from './character-name-word.entity';
import { CharacterEntity, ENDED_STATUSES, type IdStatus } from './character.entity';
import { WalletEntity } from './wallet.entity';

/** Who owns money held for a character; a retired or deceased character's money is frozen. */
export interface MoneyHolder {
  userId: string;
  frozen: boolean;
}

function isEnded(status: IdStatus): boolean {
  return (ENDED_STATUSES as readonly IdStatus[]).includes(status);
}

const PENDING: IdStatus = 'pending_approval';

/**
 * The wallets of these characters, in one statement through the caller's manager: the second hot
 * read of the character list and of every profile with an approved character (see EntityRows).
 */
export function walletsOf(manager: EntityManager, characterIds: string[]): Promise<WalletEntity[]> {
  return EntityRows.of(manager.connection, WalletEntity).findIn(manager, 'characterId', characterIds);
}

/** The wallets of the user's characters, in one statement that needs no earlier read of the characters (see EntityRows.findByParent). */
export function walletsOfUser(manager: EntityManager, userId: string): Promise<WalletEntity[]> {
  return EntityRows.of(manager.connection, WalletEntity).findByParent(manager, 'characterId', CharacterEntity, 'userId', userId);
}

export type CharacterChanges = QueryDeepPartialEntity<CharacterEntity>;

/** Data access for characters; every method works inside the caller's transaction. */
@Injectable()
export class CharactersRepository {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UserRecords,
  ) {}

  /**
   * Every character of the user, oldest first: a hot read (profiles, the character list), so
   * hand-written SQL (see EntityRows). The signature, a PNG of up to 1 MiB, is read only when
   * asked for; without it `signatureData` is left undefined.
   */
  listOfUser(manager: EntityManager, userId: string, { withSignature }: { withSignature: boolean }): Promise<CharacterEntity[]> {
    const omit: (keyof CharacterEntity & string)[] = withSignature ? [] : ['signatureData'];
    return EntityRows.of(manager.connection, CharacterEntity).findBy(manager, 'userId', userId, ['createdAt', 'id'], omit);
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
    throw (await this.users.exists(manager, userId)) ? new UnknownCharacter() : new UnknownUser();
  }

  /** The character by id alone (staff actions), locked for the transaction; 404 otherwise. */
  async requireLocked(manager: EntityManager, characterId: string): Promise<CharacterEntity> {
    const query = manager.createQueryBuilder(CharacterEntity, 'character').where('character.id = :characterId', { characterId });
    const character = await this.transactions.lockForUpdate(query).getOne();
    if (!character) throw new UnknownCharacter();
    return character;
  }

  exists(manager: EntityManager, where: { id: string; userId?: string }): Promise<boolean> {
    return manager.existsBy(CharacterEntity, where);
  }

  /** The user owning the character and whether it has ended; null when there is no such character. */
  async holderOf(manager: EntityManager, characterId: string): Promise<MoneyHolder | null> {
    const character = await manager.findOne(CharacterEntity, { select: { userId: true, idStatus: true }, where: { id: characterId } });
    return character ? { userId: character.userId, frozen: isEnded(character.idStatus) } : null;
  }

  findOfUser(manager: EntityManager, userId: string, characterId: string): Promise<CharacterEntity | null> {
    return manager.findOneBy(CharacterEntity, { id: characterId, userId });
  }

  /** The holder of the character's wallet; null when the character has no wallet. */
  async walletHolder(manager: EntityManager, characterId: string): Promise<MoneyHolder | null> {
    const row = await manager
      .createQueryBuilder(WalletEntity, 'wallet')
      .innerJoin(CharacterEntity, 'character', 'character.id = wallet.characterId')
      .select('character.userId', 'userId')
      .addSelect('wallet.frozen', 'frozen')
      .where('wallet.characterId = :characterId', { characterId })
      .getRawOne<{ userId: string | number; frozen: boolean | number }>();
    return row ? { userId: String(row.userId), frozen: Boolean(row.frozen) } : null;
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

  /**
   * One page of the pending queue, oldest submission first. The ids come from the covering index
   * `IDX_characters_status_submitted` alone, so skipping deep offsets never touches the rows.
   */
  async pendingPage(manager: EntityManager, offset: number, limit: number): Promise<CharacterEntity[]> {
    const rows = await manager
      .createQueryBuilder(CharacterEntity, 'c')
      .select('c.id', 'id')
      .where('c.idStatus = :status', { status: PENDING })
      .orderBy('c.submittedAt', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(limit)
      .offset(offset)
      .getRawMany<{ id: string }>();
    return this.findInOrder(
      manager,
      rows.map((row) => String(row.id)),
    );
  }

  /** Kept by triggers (migration 1764100000000): one row read, however long the queue. */
  async countPending(manager: EntityManager): Promise<number> {
    const rows: { count: number | string }[] = await manager.query('SELECT "count" FROM "pending_character_count"');
    return Number(rows[0]?.count ?? 0);
  }

  /** The characters among `ids` that are pending now, without locks (for work done before the transaction). */
  findPending(manager: EntityManager, ids: string[]): Promise<CharacterEntity[]> {
    return ids.length ? manager.findBy(CharacterEntity, { id: In(ids), idStatus: PENDING }) : Promise.resolve([]);
  }

  /** Reads and row-locks the characters, in id order so overlapping batches cannot deadlock. */
  lockMany(manager: EntityManager, ids: string[]): Promise<CharacterEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const query = manager
      .createQueryBuilder(CharacterEntity, 'c')
      .where('c.id IN (:...ids)', { ids })
      .orderBy('c.id', 'ASC');
    return this.transactions.lockForUpdate(query).getMany();
  }

  /** Pending to approved, each with its ID card. */
  async markApproved(manager: EntityManager, cards: Map<string, string>): Promise<void> {
    const ids = [...cards.keys()];
    const parameters: Record<string, string> = {};
    const branches = ids.map((id, index) => {
      parameters[`card_id_${index}`] = id;
      parameters[`card_hash_${index}`] = cards.get(id)!;
      return `WHEN :card_id_${index} THEN :card_hash_${index}`;
    });
    await manager
      .createQueryBuilder()
      .update(CharacterEntity)
      .set({ idStatus: 'approved', idCardHash: () => `CASE "id" ${branches.join(' ')} END` })
      .where('"id" IN (:...ids) AND "idStatus" = :status', { ids, status: PENDING })
      .setParameters(parameters)
      .execute();
  }

  /** Pending back to draft, keeping the reviewer's note until the next submission. */
  async markRejected(manager: EntityManager, ids: string[], reviewNote: string | null): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(CharacterEntity)
      .set({ idStatus: 'draft', reviewNote, submittedAt: null })
      .where('"id" IN (:...ids) AND "idStatus" = :status', { ids, status: PENDING })
      .execute();
  }

  async createWallets(manager: EntityManager, characterIds: string[]): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(WalletEntity)
      .values(characterIds.map((characterId) => ({ characterId, balance: 0 })))
      .orIgnore()
      .execute();
  }

  /** The character's money stops moving: its wallet, if it has one, is frozen. */
  async freezeWallet(manager: EntityManager, characterId: string): Promise<void> {
    await manager.update(WalletEntity, { characterId }, { frozen: true });
  }

  /** The characters with these ids, in the order given. */
  async findInOrder(manager: EntityManager, ids: string[]): Promise<CharacterEntity[]> {
    if (ids.length === 0) return [];
    const found = new Map((await manager.findBy(CharacterEntity, { id: In(ids) })).map((c) => [c.id, c]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }
}
