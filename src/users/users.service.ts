import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { CharacterEntity } from '../characters/character.entity';
import { ForbiddenError, invalidField, UnknownCharacter, UnknownUser } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { hasAnyPermission, Permission } from '../common/permissions/permission';
import { EntityRows } from '../database/entity-rows';
import { TransactionRunner } from '../database/transaction-runner';
import { lockedUser, mayChangePermissions, storePermissions } from './user-permissions';
import type { UserJson } from './user.presenter';
import { UserEntity } from './user.entity';
import { presentUser, type UserViewOptions } from './user-views';
import type { UpdateUserDto } from './users.dto';
import { CharacterNotApproved } from './users.errors';

/** Who may read another user's profile (spec, GET /v1/users/:userId). */
const PROFILE_READERS = [Permission.SERVICE_ADMINISTRATOR, Permission.DEVELOPER];

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async profile(caller: SessionUser, userId: string, options: UserViewOptions): Promise<UserJson> {
    if (caller.id !== userId && !hasAnyPermission(caller.permissions, PROFILE_READERS)) throw new ForbiddenError();
    const [user] = await EntityRows.of(this.dataSource, UserEntity).findBy(this.dataSource.manager, 'id', userId);
    if (!user) throw new UnknownUser();
    return presentUser(this.dataSource.manager, user, options);
  }

  /**
   * Permissions and character slots (decisions §5): a caller changes only bits they hold, so only
   * DEVELOPER grants DEVELOPER; a permission change sends every session of the user to renewal.
   */
  async update(caller: SessionUser, userId: string, dto: UpdateUserDto): Promise<UserJson> {
    if (dto.permissions === undefined && dto.maxCharacters === undefined) {
      throw invalidField('body', 'send permissions, maxCharacters or both');
    }
    const user = await this.tx.run(async (manager) => {
      const current = await this.lockedUser(manager, userId);
      if (dto.permissions !== undefined) {
        const permissions = Number(dto.permissions);
        if (!mayChangePermissions(caller.permissions, current.permissions, permissions)) throw new ForbiddenError();
        if (permissions !== current.permissions) await storePermissions(manager, userId, permissions);
      }
      if (dto.maxCharacters !== undefined) await manager.update(UserEntity, { id: userId }, { maxCharacters: dto.maxCharacters });
      return manager.findOneByOrFail(UserEntity, { id: userId });
    });
    return presentUser(this.dataSource.manager, user);
  }

  /** The owner picks one of their approved characters as the active one. */
  async setActiveCharacter(caller: SessionUser, userId: string, characterId: string): Promise<UserJson> {
    if (caller.id !== userId) throw new ForbiddenError();
    if (!isSnowflake(characterId)) throw new UnknownCharacter();
    const user = await this.tx.run(async (manager) => {
      await this.lockedUser(manager, userId);
      const character = await manager.findOneBy(CharacterEntity, { id: characterId, userId });
      if (!character) throw new UnknownCharacter();
      if (character.idStatus !== 'approved') throw new CharacterNotApproved();
      await manager.update(UserEntity, { id: userId }, { activeCharacterId: character.id });
      return manager.findOneByOrFail(UserEntity, { id: userId });
    });
    return presentUser(this.dataSource.manager, user);
  }

  private async lockedUser(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await lockedUser(this.tx, manager, userId);
    if (!user) throw new UnknownUser();
    return user;
  }
}
