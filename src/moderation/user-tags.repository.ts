import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { UserTagEntity } from './user-tag.entity';

/** Data access for staff tags. */
@Injectable()
export class UserTagsRepository {
  constructor(@InjectRepository(UserTagEntity) private readonly tags: Repository<UserTagEntity>) {}

  async tagsOf(userIds: string[]): Promise<Map<string, string[]>> {
    const rows = userIds.length ? await this.tags.find({ where: { userId: In([...new Set(userIds)]) }, order: { tag: 'ASC' } }) : [];
    const result = new Map<string, string[]>();
    for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.tag]);
    return result;
  }

  /** Users holding the tag, by id from `after` (exclusive), on the primary key's range. */
  async usersWithTag(tag: string, after: string | undefined, limit: number): Promise<string[]> {
    const query = this.tags.createQueryBuilder('t').select('t.userId', 'userId').where('t.tag = :tag', { tag });
    if (after) query.andWhere('t.userId > :after', { after });
    const rows = await query.orderBy('t.userId', 'ASC').limit(limit).getRawMany<{ userId: string }>();
    return rows.map((row) => String(row.userId));
  }

  /** Which of these users hold the tag. */
  async holders(tag: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.tags.find({ where: { tag, userId: In(userIds) }, select: { userId: true } });
    return new Set(rows.map((row) => row.userId));
  }

  async replace(manager: EntityManager, userId: string, tags: string[]): Promise<void> {
    await manager.delete(UserTagEntity, { userId });
    if (tags.length) await manager.insert(UserTagEntity, tags.map((tag) => ({ tag, userId })));
  }
}
