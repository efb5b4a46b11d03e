import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { ForbiddenError, UnknownUser } from '../common/errors/domain-error';
import { AppConfig } from '../config/config';
import { TransactionRunner } from '../database/transaction-runner';
import { actorOf, CLI_ACTOR, type EventActor, type EventEntry } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import type { UserEntity } from './user.entity';
import { effectivePermissions, mayChangePermissions } from './user.policy';
import { UsersRepository } from './users.repository';

/** What the chat provider said about a user (decisions §15); an absent field keeps its stored value. */
export interface ChatSync {
  /** The bits of the mapped roles the member holds now (0 for one who left). */
  syncedPermissions?: number;
  /** `mfa_enabled` of the chat profile at this sign-in. */
  chatMfa?: boolean;
}

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
    private readonly config: AppConfig,
  ) {}

  /**
   * Stores a sync's answer in the caller's transaction. Manual bits are never touched, so a manual
   * change at the same moment is kept (both lock the row). A change of the effective permissions
   * sends the sessions to renewal and is recorded as `user.permissions_synced`; none records nothing,
   * and neither does the sign-in that creates the user (no actor: decisions §12).
   */
  async applyChatSync(manager: EntityManager, userId: string, sync: ChatSync, actor: EventActor | null): Promise<void> {
    const current = await this.locked(manager, userId);
    const changes: Partial<UserEntity> = {};
    if (sync.syncedPermissions !== undefined && sync.syncedPermissions !== current.syncedPermissions) changes.syncedPermissions = sync.syncedPermissions;
    if (sync.chatMfa !== undefined && sync.chatMfa !== current.chatMfa) changes.chatMfa = sync.chatMfa;
    if (Object.keys(changes).length === 0) return;
    await this.users.update(manager, userId, changes);
    const [before, after] = [current, { ...current, ...changes }].map((user) => effectivePermissions(user, this.config.staffRequireChatMfa));
    if (before === after || !actor) return;
    await this.events.publish(manager, {
      action: 'user.permissions_synced',
      actor,
      subject: { type: 'user', id: userId },
      data: { before: String(before), after: String(after) },
    });
  }

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
