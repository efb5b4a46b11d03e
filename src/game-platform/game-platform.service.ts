import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OAuthAccountsService } from '../auth/oauth/oauth-accounts.service';
import { ForbiddenError, type DomainError } from '../common/errors/domain-error';
import { StoredImages } from '../images/stored-images.service';
import type { Avatar3d } from './avatar-3d';
import { Avatar3dUnavailable, AvatarUnavailable, NotTheOwner } from './game-platform.errors';
import { type AvatarKind, ThumbnailClient } from './thumbnail-client';

/** A user's own game-platform avatars, read from the platform's thumbnail service. */
@Injectable()
export class GamePlatformAvatars {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: OAuthAccountsService,
    private readonly thumbnails: ThumbnailClient,
    private readonly images: StoredImages,
  ) {}

  /** The PNG bytes, validated, stored nowhere. */
  async avatarPng(callerId: string, userId: string, kind: AvatarKind): Promise<Buffer> {
    const platformUserId = await this.linkedPlatformUser(callerId, userId);
    return this.upstream(() => this.thumbnails.avatarPng(kind, platformUserId), (cause) => new AvatarUnavailable(cause), kind);
  }

  /** Stores the PNG content-addressed under the image type of the same name and returns its public URL. */
  async storedAvatarUrl(callerId: string, userId: string, kind: AvatarKind): Promise<string> {
    const png = await this.avatarPng(callerId, userId, kind);
    const name = await this.upstream(() => this.images.store(kind, png, 'png'), (cause) => new AvatarUnavailable(cause), `${kind} store`);
    return this.images.url(kind, name);
  }

  async avatar3d(callerId: string, userId: string): Promise<Avatar3d> {
    const platformUserId = await this.linkedPlatformUser(callerId, userId);
    return this.upstream(() => this.thumbnails.avatar3d(platformUserId), (cause) => new Avatar3dUnavailable(cause), 'avatar-3d');
  }

  /** The caller's own account on the game platform, or the contract's 403s. */
  private async linkedPlatformUser(callerId: string, userId: string): Promise<string> {
    // Ownership before existence (decisions §7): whether another user exists is not the caller's business.
    if (userId !== callerId) throw new NotTheOwner();
    const links = await this.accounts.linksOf(this.dataSource.manager, userId);
    const link = links.find((candidate) => candidate.providerName === 'gameplatform');
    if (!link) throw new ForbiddenError();
    return link.externalId;
  }

  /** Any failure past our own checks is the contract's 500; the reason rides along as its cause, for the log only. */
  private async upstream<T>(work: () => Promise<T>, failure: (cause: string) => DomainError, what: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw failure(`game-platform ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
