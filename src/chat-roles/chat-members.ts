import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, IsNull, LessThan, MoreThanOrEqual, Or, type Repository } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { ChatMemberEntity } from './chat-member.entity';

/** A confirmed answer that changes no permission and records nothing: only the member's row takes it. */
export interface QuietAnswer {
  userId: string;
  roleIds: string[] | null;
  pending: boolean;
}

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

  /**
   * Writes answers that change no permission, one statement per distinct membership (most members
   * share a few role sets), leaving `signedInAt` to the sign-ins that set it. `at` is when the
   * sweep started asking.
   */
  async recordQuietly(answers: QuietAnswer[], at: Date): Promise<void> {
    const groups = new Map<string, QuietAnswer[]>();
    for (const answer of answers) {
      const key = JSON.stringify([answer.roleIds && [...answer.roleIds].sort(), answer.pending]);
      groups.set(key, [...(groups.get(key) ?? []), answer]);
    }
    for (const [, group] of groups) {
      const { roleIds, pending } = group[0];
      // A sign-in that synced since `at` answered later than the sweep did: its answer stands.
      const where = { userId: In(group.map((answer) => answer.userId)), syncedAt: Or(IsNull(), LessThan(at)) };
      await this.members.update(where, { roleIds, pending, syncedAt: at });
    }
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
