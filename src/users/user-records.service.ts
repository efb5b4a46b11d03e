import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { UnknownUser } from '../common/errors/domain-error';
import { AppConfig } from '../config/config';
import { effectivePermissions } from './user.policy';
import type { UserEntity } from './user.entity';
import { type ActivationChoice, UsersRepository } from './users.repository';

export type { ActivationChoice };

/** What other modules may do with the `users` table: the narrow face of `UsersRepository`. */
@Injectable()
export class UserRecords {
  /** The row each signed-in principal was made from, for as long as its request holds it. */
  private readonly rowsOfPrincipals = new WeakMap<Principal, UserEntity>();

  constructor(
    private readonly users: UsersRepository,
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** The user's effective permissions: what the API shows as `permissions` and every rule checks (decisions §15). */
  permissionsOf(user: UserEntity): number {
    return effectivePermissions(user, this.config.staffRequireChatMfa);
  }

  /** The principal of a signed-in user, made from the user's row; every authenticated request makes its caller here. */
  principalFrom(user: UserEntity): Principal {
    const principal: Principal = { kind: 'user', id: user.id, permissions: this.permissionsOf(user) };
    this.rowsOfPrincipals.set(principal, user);
    return principal;
  }

  /**
   * The user's row: for the caller's own (`@me`, the hottest read), the one its principal was made
   * from a moment ago in this request, else read now; null when gone.
   */
  findFor(caller: Principal, userId: string): Promise<UserEntity | null> {
    const own = this.rowsOfPrincipals.get(caller);
    return own?.id === userId ? Promise.resolve(own) : this.find(userId);
  }

  /** The user's active character id (null when none); null when the user is gone. */
  async activeCharacterOf(userId: string): Promise<{ activeCharacterId: string | null } | null> {
    const user = await this.users.find(this.dataSource.manager, userId);
    return user && { activeCharacterId: user.activeCharacterId };
  }

  /** The user row; null when gone. */
  find(userId: string): Promise<UserEntity | null> {
    return this.users.find(this.dataSource.manager, userId);
  }

  async require(userId: string): Promise<UserEntity> {
    const user = await this.find(userId);
    if (!user) throw new UnknownUser();
    return user;
  }

  findMany(userIds: string[]): Promise<UserEntity[]> {
    return this.users.findMany(this.dataSource.manager, userIds);
  }

  /** Users by id, ascending from `after` (exclusive): the staff search without a query. */
  page(after: string | undefined, limit: number): Promise<UserEntity[]> {
    return this.users.page(this.dataSource.manager, after, limit);
  }

  /** A new user, as the first sign-in makes it (no audit event: it is not a change, decisions §12). */
  async create(manager: EntityManager, values: { id: string; permissions: number; maxCharacters: number }): Promise<void> {
    await this.users.insert(manager, { ...values, activeCharacterId: null });
  }

  exists(manager: EntityManager, userId: string): Promise<boolean> {
    return this.users.exists(manager, userId);
  }

  /** Locks the user's row, so that decisions about what belongs to the user are taken one at a time. */
  lock(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    return this.users.lock(manager, userId);
  }

  setActive(manager: EntityManager, userId: string, characterId: string): Promise<void> {
    return this.users.update(manager, userId, { activeCharacterId: characterId });
  }

  clearActive(manager: EntityManager, userId: string, characterId: string): Promise<void> {
    return this.users.clearActive(manager, userId, characterId);
  }

  activateWhereNone(manager: EntityManager, choices: ActivationChoice[]): Promise<void> {
    return this.users.activateWhereNone(manager, choices);
  }
}
