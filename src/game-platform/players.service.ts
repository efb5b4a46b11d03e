import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { AuthError } from '../auth/auth.errors';
import { ProviderLinkEntity } from '../auth/provider-link.entity';
import type { SessionUser } from '../auth/session-user';
import { CharacterEntity } from '../characters/character.entity';
import { presentCharacter } from '../characters/character-views';
import { hasAnyPermission, Permission } from '../common/permissions/permission';
import { UserEntity } from '../users/user.entity';
import { UnknownPlayer } from './game-platform.errors';
import type { PlayerJson } from './game-platform.dto';

/** Game-platform account ids are at most this long (the link column's size). */
const MAX_EXTERNAL_ID = 128;

/** A game server finding who a connecting player is (decisions §8). */
@Injectable()
export class PlayersService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ProviderLinkEntity) private readonly links: Repository<ProviderLinkEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /** Any service key, or a person with `STAFF`. */
  async byExternalId(caller: SessionUser, externalId: string): Promise<PlayerJson> {
    if (caller.kind !== 'service_key' && !hasAnyPermission(caller.permissions, [Permission.STAFF])) {
      throw new AuthError('MISSING_FULL_PERMISSIONS');
    }
    if (externalId.length > MAX_EXTERNAL_ID) throw new UnknownPlayer();
    const link = await this.links.findOne({ select: { userId: true }, where: { providerName: 'gameplatform', externalId } });
    const user = link && (await this.users.findOne({ select: { id: true, activeCharacterId: true }, where: { id: link.userId } }));
    if (!user) throw new UnknownPlayer();
    const manager = this.dataSource.manager;
    const active = user.activeCharacterId ? await manager.findOneBy(CharacterEntity, { id: user.activeCharacterId }) : null;
    return { userId: user.id, externalId, activeCharacter: active ? await presentCharacter(manager, active) : null };
  }
}
