import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { UnknownUser } from '../common/errors/domain-error';
import { UserEntity } from './user.entity';

/** What other modules read of users, and the one write they need (the active character). */
@Injectable()
export class UsersDirectory {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  find(userId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id: userId });
  }

  async require(userId: string): Promise<UserEntity> {
    const user = await this.find(userId);
    if (!user) throw new UnknownUser();
    return user;
  }

  findMany(userIds: string[]): Promise<UserEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.users.findBy({ id: In([...new Set(userIds)]) });
  }

  /** Users by id, ascending from `after` (exclusive): the staff search without a query. */
  page(after: string | undefined, limit: number): Promise<UserEntity[]> {
    const query = this.users.createQueryBuilder('user').orderBy('user.id', 'ASC').limit(limit);
    if (after) query.where('user.id > :after', { after });
    return query.getMany();
  }
}
