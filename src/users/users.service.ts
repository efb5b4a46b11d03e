import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { ForbiddenError, UnknownUser } from '../common/errors/domain-error';
import { TransactionRunner } from '../database/transaction-runner';
import { actorOf, CLI_ACTOR, type EventActor, type EventEntry } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import type { UserEntity } from './user.entity';
import { mayChangePermissions } from './user.policy';
import { UsersRepository } from './users.repository';

export interface UserChange {
  permissions?: number;
  maxCharacters?: number;
}

/**
 * Changes of a user's permissions and character slots (decisions §5). Only values that really
 * change are written and published; new permissions send the user's sessions to renewal
 * (decisions §4.4), which the auth module does on `user.permissions_changed`.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UsersRepository,
    private readonly events: DomainEvents,
  ) {}

  /** A caller changes only bits they hold, so only DEVELOPER grants DEVELOPER. */
  change(caller: Principal, userId: string, change: UserChange): Promise<UserEntity> {
    return this.changeLocked(userId, actorOf(caller), (current) => {
      if (change.permissions !== undefined && !mayChangePermissions(caller, userId, current.permissions, change.permissions)) {
        throw new ForbiddenError();
      }
      return change;
    });
  }

  /** The operator's command line, which makes the first administrator: no bit of its own to compare. */
  changeAsOperator(userId: string, changeOf: (current: UserEntity) => UserChange): Promise<UserEntity> {
    return this.changeLocked(userId, CLI_ACTOR, changeOf);
  }

  private changeLocked(userId: string, actor: EventActor, changeOf: (current: UserEntity) => UserChange): Promise<UserEntity> {
    return this.transactions.run(async (manager) => {
      const current = await this.locked(manager, userId);
      await this.apply(manager, actor, current, changeOf(current));
      return this.locked(manager, userId);
    });
  }

  private async apply(manager: EntityManager, actor: EventActor, user: UserEntity, change: UserChange): Promise<void> {
    const subject = { type: 'user', id: user.id } as const;
    const events: EventEntry[] = [];
    if (change.permissions !== undefined && change.permissions !== user.permissions) {
      await this.users.update(manager, user.id, { permissions: change.permissions });
      events.push({ action: 'user.permissions_changed', actor, subject, data: { before: String(user.permissions), after: String(change.permissions) } });
    }
    if (change.maxCharacters !== undefined && change.maxCharacters !== user.maxCharacters) {
      await this.users.update(manager, user.id, { maxCharacters: change.maxCharacters });
      events.push({ action: 'user.max_characters_changed', actor, subject, data: { before: user.maxCharacters, after: change.maxCharacters } });
    }
    await this.events.publishAll(manager, events);
  }

  private async locked(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await this.users.lock(manager, userId);
    if (!user) throw new UnknownUser();
    return user;
  }
}
