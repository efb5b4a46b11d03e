import { Injectable } from '@nestjs/common';
import { AuthError } from '../access/access.errors';
import type { PrincipalResolver } from '../access/access.ports';
import type { Credentials } from '../access/credentials';
import type { Principal } from '../access/principal';
import { hashToken } from '../common/secrets';
import { SanctionStatusService } from '../moderation/sanction-status.service';
import { UserRecords } from '../users/user-records.service';
import type { ServiceKeyEntity } from './service-key.entity';
import { isServiceKeyShape, KEY_PREFIX } from './service-key-tokens';
import { ServiceKeysRepository } from './service-keys.repository';

/** `lastUsedAt` is this precise, so a busy key costs one write a minute, not one per request. */
const LAST_USED_PRECISION_MS = 60_000;

type PresentedKey = Pick<ServiceKeyEntity, 'id' | 'permissions' | 'createdBy'>;

/**
 * Turns an `rpk_` Bearer key into its principal. Every request reads the key's row and its
 * maker's row and active ban (indexed lookups, the last two side by side, like a session's user):
 * nothing is cached in the process, so a deleted key, a demoted or banned maker count at once on
 * every instance.
 */
@Injectable()
export class ServiceKeyAuthenticator implements PrincipalResolver {
  constructor(
    private readonly keys: ServiceKeysRepository,
    private readonly users: UserRecords,
    private readonly sanctions: SanctionStatusService,
  ) {}

  /** A game server's key (decisions §8) is a principal of its own, never a session. */
  accepts(credentials: Credentials): boolean {
    return credentials.bearer && credentials.accessToken!.startsWith(KEY_PREFIX);
  }

  resolve(_request: unknown, credentials: Credentials): Promise<Principal> {
    return this.authenticate(credentials.accessToken!);
  }

  async authenticate(token: string): Promise<Principal> {
    if (!isServiceKeyShape(token)) throw new AuthError('INVALID_TOKEN');
    const key = await this.keys.findByHash(hashToken(token));
    if (!key) throw new AuthError('INVALID_TOKEN');
    const principal = await this.actingFor(key);
    const now = new Date();
    const notAfter = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (!key.lastUsedAt || key.lastUsedAt < notAfter) await this.keys.touch(key.id, now, notAfter);
    return principal;
  }

  /**
   * A key acts for its maker (decisions §13): it holds the bits it was given that its maker
   * still holds, and nothing while its maker is banned or gone. A key made before makers were
   * kept, and never traced to one, keeps its own bits as it always had.
   */
  private async actingFor(key: PresentedKey): Promise<Principal> {
    if (key.createdBy === null) return { kind: 'service_key', id: key.id, permissions: key.permissions };
    const [maker, restriction] = await Promise.all([this.users.find(key.createdBy), this.sanctions.restrictionOf(key.createdBy)]);
    if (!maker || restriction?.type === 'ban') throw new AuthError('INVALID_TOKEN');
    return { kind: 'service_key', id: key.id, permissions: key.permissions & this.users.permissionsOf(maker), onBehalfOf: maker.id };
  }
}
