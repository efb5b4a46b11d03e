import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import { DomainEvents } from '../../events/domain-events';
import { actorOf } from '../../events/domain-event';
import { ForbiddenError } from '../../common/errors/domain-error';
import { assertPathUserIsCaller } from '../../common/permissions/path-user';
import { Permission } from '../../common/permissions/permission';
import { AppConfig } from '../../config/config';
import { IdGenerator } from '../../database/id-generator';
import { TransactionRunner } from '../../database/transaction-runner';
import { isUniqueViolation } from '../../database/unique-violation';
import { SanctionStatusService } from '../../moderation/sanction-status.service';
import { UserRecords } from '../../users/user-records.service';
import { ProviderLinkEntity, type ProviderName } from '../provider-link.entity';
import { ProviderLinksService } from '../provider-links.service';
import type { Principal } from '../../access/principal';
import type { ProviderProfile } from './oauth-client';
import { OAuthFailure, UnknownProvider } from './oauth.errors';

/** Users and their provider links as sign-in finds, creates and links them. */
@Injectable()
export class OAuthAccountsService {
  constructor(
    @InjectRepository(ProviderLinkEntity) private readonly links: Repository<ProviderLinkEntity>,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly config: AppConfig,
    private readonly sanctions: SanctionStatusService,
    private readonly directory: ProviderLinksService,
    private readonly events: DomainEvents,
    private readonly users: UserRecords,
  ) {}

  /** The user of a chatapp account; the first sign-in creates the user with its link. */
  async chatappUser(profile: ProviderProfile): Promise<{ userId: string; created: boolean }> {
    const existing = await this.links.findOneBy({ providerName: 'chatapp', externalId: profile.externalId, unlinkedAt: IsNull() });
    if (existing) {
      await this.refreshProfile(existing, profile);
      return { userId: existing.userId, created: false };
    }
    try {
      return { userId: await this.tx.run((manager) => this.createUser(manager, profile)), created: true };
    } catch (error) {
      // Two first sign-ins of one account at once: the unique link index let one win; use it.
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.links.findOneBy({ providerName: 'chatapp', externalId: profile.externalId, unlinkedAt: IsNull() });
      if (!winner) throw error;
      return { userId: winner.userId, created: false };
    }
  }

  /**
   * Links a gameplatform account to a signed-in user who has a chatapp link. A user linking a
   * different gameplatform account moves the link to it (the old one is kept, unlinked); an
   * account linked elsewhere, or ever linked to a user banned now (ban evasion), is refused.
   */
  async linkGameplatform(userId: string, profile: ProviderProfile): Promise<void> {
    await this.tx.run(async (manager) => {
      const user = await this.users.lock(manager, userId);
      if (!user) throw new OAuthFailure('the signed-in user no longer exists');
      const own = await manager.findBy(ProviderLinkEntity, { userId, unlinkedAt: IsNull() });
      if (!own.some((link) => link.providerName === 'chatapp')) throw new OAuthFailure('gameplatform without a chatapp link');
      const holders = await manager.findBy(ProviderLinkEntity, { providerName: 'gameplatform', externalId: profile.externalId });
      const holder = holders.find((link) => link.unlinkedAt === null);
      if (holder && holder.userId !== userId) throw new OAuthFailure('gameplatform account linked to another user');
      if (holder) return;
      const others = holders.filter((link) => link.userId !== userId).map((link) => link.userId);
      if (await this.sanctions.anyBanned(others)) throw new OAuthFailure('gameplatform account of a banned user');
      await this.events.publish(manager, {
        action: 'user.provider_linked',
        actor: { type: 'user', id: userId },
        subject: { type: 'user', id: userId },
        data: { providerName: 'gameplatform', externalId: profile.externalId },
      });
      const previous = own.find((link) => link.providerName === 'gameplatform');
      if (previous) await manager.update(ProviderLinkEntity, { id: previous.id }, { unlinkedAt: new Date() });
      await manager.save(this.link(manager, userId, 'gameplatform', profile));
    });
  }

  /** Chat names change; the staff search looks for the current ones. */
  private async refreshProfile(link: ProviderLinkEntity, profile: ProviderProfile): Promise<void> {
    if (JSON.stringify(link.externalMetadata) === JSON.stringify(profile.metadata)) return;
    link.externalMetadata = profile.metadata;
    await this.tx.run(async (manager) => {
      await manager.save(link);
      await this.directory.indexChatNames(manager, link.userId, profile.metadata);
    });
  }

  /**
   * The owner removes their gameplatform link, so that game account may be linked by anyone
   * again; the chatapp link is the account itself and stays (decisions §8).
   */
  async unlink(caller: Principal, userId: string, provider: string): Promise<void> {
    assertPathUserIsCaller(userId, caller.id);
    if (provider === 'chatapp') throw new ForbiddenError();
    if (provider !== 'gameplatform') throw new UnknownProvider();
    await this.tx.run(async (manager) => {
      const link = await manager.findOneBy(ProviderLinkEntity, { userId, providerName: 'gameplatform', unlinkedAt: IsNull() });
      if (!link) throw new UnknownProvider();
      // Kept as a past link: the staff dossier shows it, and a banned holder still blocks re-linking.
      await manager.update(ProviderLinkEntity, { id: link.id }, { unlinkedAt: new Date() });
      await this.events.publish(manager, {
        action: 'user.provider_unlinked',
        actor: actorOf(caller),
        subject: { type: 'user', id: userId },
        data: { providerName: 'gameplatform', externalId: link.externalId },
      });
    });
  }

  /** The user who linked this gameplatform account; null when nobody did. */
  async gameplatformUser(externalId: string): Promise<string | null> {
    const link = await this.directory.current('gameplatform', externalId);
    return link?.userId ?? null;
  }

  /** The user's provider links, oldest first (the User resource's `providers`). */
  linksOf(manager: EntityManager, userId: string): Promise<ProviderLinkEntity[]> {
    return manager.find(ProviderLinkEntity, { where: { userId, unlinkedAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  private async createUser(manager: EntityManager, profile: ProviderProfile): Promise<string> {
    const userId = this.ids.next();
    await this.users.create(manager, { id: userId, permissions: Permission.USER, maxCharacters: this.config.defaultMaxCharacters });
    await manager.save(this.link(manager, userId, 'chatapp', profile));
    await this.directory.indexChatNames(manager, userId, profile.metadata);
    return userId;
  }

  private link(manager: EntityManager, userId: string, providerName: ProviderName, profile: ProviderProfile): ProviderLinkEntity {
    const { externalId, metadata: externalMetadata } = profile;
    return manager.create(ProviderLinkEntity, { id: this.ids.next(), userId, providerName, externalId, externalMetadata, unlinkedAt: null });
  }
}
