import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events';
import { actorOf } from '../events/domain-event';
import { type Principal, userIdOf } from '../access/principal';
import { hashToken } from '../common/secrets';
import { ForbiddenError } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import type { CreateServiceKeyDto } from './service-key.dto';
import { UnknownServiceKey } from './service-key.errors';
import { type CreatedServiceKeyJson, type ServiceKeyListJson, toServiceKeyJson } from './service-key.presenter';
import { newServiceKey } from './service-key-tokens';
import { ServiceKeysRepository } from './service-keys.repository';

/** Keys for game servers, made and revoked by administrators (decisions §8). */
@Injectable()
export class ServiceKeysService {
  constructor(
    private readonly keys: ServiceKeysRepository,
    private readonly ids: IdGenerator,
    private readonly tx: TransactionRunner,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Nobody hands a key a bit they lack themselves, so a key never widens its maker's reach; and
   * only a person makes or revokes keys, so no key outlives its maker through a child (§13).
   */
  async create(caller: Principal, dto: CreateServiceKeyDto): Promise<CreatedServiceKeyJson> {
    const permissions = Number(dto.permissions);
    const createdBy = userIdOf(caller);
    if (createdBy === null || (permissions & ~caller.permissions) !== 0) throw new ForbiddenError();
    const key = newServiceKey();
    const stored = await this.tx.run(async (manager) => {
      const row = await this.keys.insert(manager, { id: this.ids.next(), name: dto.name, permissions, keyHash: hashToken(key), createdBy });
      await this.events.publish(manager, {
        action: 'service_key.created',
        actor: actorOf(caller),
        subject: { type: 'service_key', id: row.id },
        data: { name: row.name, permissions: String(permissions) },
      });
      return row;
    });
    return { ...toServiceKeyJson(stored), key };
  }

  async list(): Promise<ServiceKeyListJson> {
    return { serviceKeys: (await this.keys.list()).map(toServiceKeyJson) };
  }

  async revoke(caller: Principal, keyId: string): Promise<void> {
    if (caller.kind !== 'user') throw new ForbiddenError();
    if (!isSnowflake(keyId)) throw new UnknownServiceKey();
    await this.tx.run(async (manager) => {
      if (!(await this.keys.delete(manager, keyId))) throw new UnknownServiceKey();
      await this.events.publish(manager, { action: 'service_key.revoked', actor: actorOf(caller), subject: { type: 'service_key', id: keyId } });
    });
  }
}
