import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, MoreThanOrEqual, type Repository } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { ChatMemberEntity } from './chat-member.entity';

/** The one way to the `chat_members` table. */
@Injectable()
export class ChatMembers {
  constructor(
    @InjectRepository(ChatMemberEntity) private readonly members: Repository<ChatMemberEntity>,
    private readonly transactions: TransactionRunner,
  ) {}

  find(userId: string): Promise<ChatMemberEntity | null> {
    return this.members.findOneBy({ userId });
  }

  lock(manager: EntityManager, userId: string): Promise<ChatMemberEntity | null> {
    return this.transactions.lockForUpdate(manager.createQueryBuilder(ChatMemberEntity, 'member').where('member.userId = :userId', { userId })).getOne();
  }

  async save(manager: EntityManager, member: ChatMemberEntity): Promise<void> {
    await manager.upsert(ChatMemberEntity, member, ['userId']);
  }

  /** Stamps a confirmed answer that changed nothing else, for many members in one statement. */
  async markSynced(userIds: string[], at: Date): Promise<void> {
    if (userIds.length > 0) await this.members.update({ userId: In(userIds) }, { syncedAt: at });
  }

  /** Members signed in since `since`, by user id after `after`: the sweep's pages. */
  signedInSince(since: Date, after: string | undefined, limit: number): Promise<ChatMemberEntity[]> {
    const query = this.members
      .createQueryBuilder('member')
      .where({ signedInAt: MoreThanOrEqual(since) })
      .orderBy('member.userId', 'ASC')
      .limit(limit);
    if (after !== undefined) query.andWhere('member.userId > :after', { after });
    return query.getMany();
  }
}
