import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OAuthAccountsService } from '../auth/oauth/oauth-accounts.service';
import { assertServiceKeyOrStaff, type Principal } from '../access/principal';
import { CharactersService } from '../characters/characters.service';
import { Permission } from '../common/permissions/permission';
import { UserRecords } from '../users/user-records.service';
import { UnknownPlayer } from './game-platform.errors';
import type { PlayerJson } from './game-platform.dto';

/** Game-platform account ids are at most this long (the link column's size). */
const MAX_EXTERNAL_ID = 128;

/** A game server finding who a connecting player is (decisions §8). */
@Injectable()
export class PlayersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: OAuthAccountsService,
    private readonly users: UserRecords,
    private readonly characters: CharactersService,
  ) {}

  /** Any service key, or a person with `STAFF`. */
  async byExternalId(caller: Principal, externalId: string): Promise<PlayerJson> {
    assertServiceKeyOrStaff(caller, [Permission.STAFF]);
    if (externalId.length > MAX_EXTERNAL_ID) throw new UnknownPlayer();
    const userId = await this.accounts.gameplatformUser(externalId);
    const user = userId && (await this.users.activeCharacterOf(userId));
    if (!userId || !user) throw new UnknownPlayer();
    const manager = this.dataSource.manager;
    const active = user.activeCharacterId ? await this.characters.presentOneOfUser(manager, userId, user.activeCharacterId) : null;
    return { userId, externalId, activeCharacter: active };
  }
}
