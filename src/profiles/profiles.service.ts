import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Principal } from '../access/principal';
import { OAuthAccountsService } from '../auth/oauth/oauth-accounts.service';
import { CharactersService } from '../characters/characters.service';
import { invalidField, UnknownUser } from '../common/errors/domain-error';
import type { UserEntity } from '../users/user.entity';
import { UserRecords } from '../users/user-records.service';
import { UsersService } from '../users/users.service';
import { type UserJson, toUserJson } from './profile.presenter';
import { assertMayReadProfile } from './profile.policy';
import type { UpdateUserDto } from './profiles.dto';

export interface UserViewOptions {
  withProviders?: boolean;
  withSignature?: boolean;
}

/**
 * The contract's User resource, composed from the modules that own its parts: the user row, the
 * characters and the provider links. The changes it answers are made by those modules.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRecords,
    private readonly userChanges: UsersService,
    private readonly characters: CharactersService,
    private readonly accounts: OAuthAccountsService,
  ) {}

  async profile(caller: Principal, userId: string, options: UserViewOptions): Promise<UserJson> {
    assertMayReadProfile(caller, userId);
    const user = await this.users.findFor(caller, userId);
    if (!user) throw new UnknownUser();
    return this.present(user, options);
  }

  async update(caller: Principal, userId: string, dto: UpdateUserDto): Promise<UserJson> {
    if (dto.permissions === undefined && dto.maxCharacters === undefined) {
      throw invalidField('body', 'send permissions, maxCharacters or both');
    }
    const permissions = dto.permissions === undefined ? undefined : Number(dto.permissions);
    return this.present(await this.userChanges.change(caller, userId, { permissions, maxCharacters: dto.maxCharacters }));
  }

  async setActiveCharacter(caller: Principal, userId: string, characterId: string): Promise<UserJson> {
    await this.characters.setActive(caller, userId, characterId);
    return this.present((await this.users.find(userId))!);
  }

  /** The User JSON in at most four queries: characters, their wallets, and the links if asked. */
  private async present(user: UserEntity, options: UserViewOptions = {}): Promise<UserJson> {
    const manager = this.dataSource.manager;
    const [characters, providers] = await Promise.all([
      this.characters.presentOfUser(manager, user.id, { withSignature: options.withSignature }),
      options.withProviders ? this.accounts.linksOf(manager, user.id) : undefined,
    ]);
    return toUserJson(user, { permissions: this.users.permissionsOf(user), characters, providers });
  }
}
