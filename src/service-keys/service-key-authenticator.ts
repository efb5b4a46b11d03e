import { Injectable } from '@nestjs/common';
import { AuthError } from '../access/access.errors';
import type { PrincipalResolver } from '../access/access.ports';
import type { Credentials } from '../access/credentials';
import type { Principal } from '../access/principal';
import { hashToken } from '../common/secrets';
import { isServiceKeyShape, KEY_PREFIX } from './service-key-tokens';
import { ServiceKeysRepository } from './service-keys.repository';

/** `lastUsedAt` is this precise, so a busy key costs one write a minute, not one per request. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * Turns an `rpk_` Bearer key into its principal. Every request reads the key's row (one indexed
 * lookup, like a session's): nothing is cached in the process, so a deleted key is refused at
 * once by every instance.
 */
@Injectable()
export class ServiceKeyAuthenticator implements PrincipalResolver {
  constructor(private readonly keys: ServiceKeysRepository) {}

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
    const now = new Date();
    const notAfter = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (!key.lastUsedAt || key.lastUsedAt < notAfter) await this.keys.touch(key.id, now, notAfter);
    return { kind: 'service_key', id: key.id, permissions: key.permissions };
  }
}
