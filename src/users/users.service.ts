import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLog } from '../audit/audit-log.service';
import { actorOf } from '../audit/audit.types';
import { OAuthAccountsService } from '../auth/oauth/oauth-accounts.service';
import type { SessionUser } from '../auth/session-user';
import { CharactersService } from '../characters/characters.service';
import { ForbiddenError, invalidField, UnknownCharacter, UnknownUser } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { TransactionRunner } from '../database/transaction-runner';
import { applyUserChange } from './user-changes';
import { type UserBody, toUserJson } from './user.presenter';
import type { UserEntity } from './user.entity';
import { assertMayPickActiveCharacter, assertMayReadProfile, mayChangePermissions } from './user.policy';
import type { UpdateUserDto } from './users.dto';
import { CharacterNotApproved } from './users.errors';
import { UsersRepository } from './users.repository';

export interface UserViewOptions {
  withProviders?: boolean;
  withSignature?: boolean;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly users: UsersRepository,
    private readonly characters: CharactersService,
    private readonly accounts: OAuthAccountsService,
    private readonly audit: AuditLog,
  ) {}

  async profile(caller: SessionUser, userId: string, options: UserViewOptions): Promise<UserBody> {
    assertMayReadProfile(caller, userId);
    // One's own profile (`@me`, the hottest read) is the row the session check just read.
    const user = caller.record?.id === userId ? caller.record : await this.users.find(this.dataSource.manager, userId);
    if (!user) throw new UnknownUser();
    return this.present(this.dataSource.manager, user, options);
  }

  /** Permissions and character slots (decisions §5): a caller changes only bits they hold, so only DEVELOPER grants DEVELOPER. */
  async update(caller: SessionUser, userId: string, dto: UpdateUserDto): Promise<UserBody> {
    if (dto.permissions === undefined && dto.maxCharacters === undefined) {
      throw invalidField('body', 'send permissions, maxCharacters or both');
    }
    const permissions = dto.permissions === undefined ? undefined : Number(dto.permissions);
    const user = await this.tx.run(async (manager) => {
      const current = await this.lockedUser(manager, userId);
      if (permissions !== undefined && !mayChangePermissions(caller.permissions, current.permissions, permissions)) {
        throw new ForbiddenError();
      }
      await applyUserChange({ users: this.users, audit: this.audit }, manager, actorOf(caller), current, { permissions, maxCharacters: dto.maxCharacters });
      return this.lockedUser(manager, userId);
    });
    return this.present(this.dataSource.manager, user);
  }

  /** The owner picks one of their approved characters as the active one. */
  async setActiveCharacter(caller: SessionUser, userId: string, characterId: string): Promise<UserBody> {
    assertMayPickActiveCharacter(caller, userId);
    if (!isSnowflake(characterId)) throw new UnknownCharacter();
    const user = await this.tx.run(async (manager) => {
      await this.lockedUser(manager, userId);
      const character = await this.characters.findOfUser(manager, userId, characterId);
      if (!character) throw new UnknownCharacter();
      if (character.idStatus !== 'approved') throw new CharacterNotApproved();
      await this.users.update(manager, userId, { activeCharacterId: character.id });
      return this.lockedUser(manager, userId);
    });
    return this.present(this.dataSource.manager, user);
  }

  /** The User JSON in at most four queries: characters, their wallets, and the links if asked. */
  private async present(manager: EntityManager, user: UserEntity, options: UserViewOptions = {}): Promise<UserBody> {
    const [characters, providers] = await Promise.all([
      this.characters.presentOfUser(manager, user.id, { withSignature: options.withSignature }),
      options.withProviders ? this.accounts.linksOf(manager, user.id) : undefined,
    ]);
    return toUserJson(user, { characters, providers });
  }

  private async lockedUser(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await this.users.lock(manager, userId);
    if (!user) throw new UnknownUser();
    return user;
  }
}
