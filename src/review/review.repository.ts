import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { CharacterEntity } from '../characters/character.entity';
import { WalletEntity } from '../characters/wallet.entity';
import { TransactionRunner } from '../database/transaction-runner';
import { UserEntity } from '../users/user.entity';

const PENDING = 'pending_approval';

/** Data access of the staff review: the pending queue and the batch transitions. */
@Injectable()
export class ReviewRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * One page of the queue, oldest submission first. The ids come from the covering index
   * `IDX_characters_status_submitted` alone, so skipping deep offsets never touches the rows.
   */
  async pendingPage(offset: number, limit: number): Promise<CharacterEntity[]> {
    const rows = await this.manager
      .createQueryBuilder(CharacterEntity, 'c')
      .select('c.id', 'id')
      .where('c.idStatus = :status', { status: PENDING })
      .orderBy('c.submittedAt', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(limit)
      .offset(offset)
      .getRawMany<{ id: string }>();
    return this.findInOrder(
      this.manager,
      rows.map((row) => String(row.id)),
    );
  }

  /** Kept by triggers (migration 1764100000000): one row read, however long the queue. */
  async countPending(): Promise<number> {
    const rows: { count: number | string }[] = await this.manager.query('SELECT "count" FROM "pending_character_count"');
    return Number(rows[0]?.count ?? 0);
  }

  /** The characters among `ids` that are pending now, without locks (for work done before the transaction). */
  findPending(ids: string[]): Promise<CharacterEntity[]> {
    return ids.length ? this.manager.findBy(CharacterEntity, { id: In(ids), idStatus: PENDING }) : Promise.resolve([]);
  }

  /** Reads and row-locks the characters, in id order so overlapping batches cannot deadlock. */
  lock(manager: EntityManager, ids: string[]): Promise<CharacterEntity[]> {
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

  /**
   * Users without an active character get their earliest submitted one among `characterIds`.
   * Conditional on the column being null, so a concurrent choice is never overwritten.
   */
  async activateWhereNone(manager: EntityManager, characterIds: string[]): Promise<void> {
    const chosen =
      '(SELECT "c"."id" FROM "characters" "c" WHERE "c"."userId" = "users"."id" AND "c"."id" IN (:...characterIds)' +
      ' ORDER BY "c"."submittedAt" ASC, "c"."id" ASC LIMIT 1)';
    await manager
      .createQueryBuilder()
      .update(UserEntity)
      .set({ activeCharacterId: () => chosen })
      .where('"activeCharacterId" IS NULL')
      .andWhere('"id" IN (SELECT "userId" FROM "characters" WHERE "id" IN (:...characterIds))', { characterIds })
      .execute();
  }

  /** The characters with these ids, in the order given. */
  async findInOrder(manager: EntityManager, ids: string[]): Promise<CharacterEntity[]> {
    if (ids.length === 0) return [];
    const found = new Map((await manager.findBy(CharacterEntity, { id: In(ids) })).map((c) => [c.id, c]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }
}
