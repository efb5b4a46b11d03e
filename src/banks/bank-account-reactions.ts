import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import type { DomainEvent } from '../events/domain-event';
import { OnDomainEvent } from '../events/on-domain-event';
import { BankAccountEntity } from './bank-account.entity';

/** What other modules' changes do to bank accounts, which only this module writes. */
@Injectable()
export class BankAccountReactions {
  /** An ended character's accounts are frozen in the same transaction as its end (decisions §11, §13). */
  @OnDomainEvent({ actions: ['character.retired', 'character.deceased'] })
  async characterEnded(events: DomainEvent[], manager: EntityManager): Promise<void> {
    await manager.update(BankAccountEntity, { characterId: In(events.map((event) => event.subject.id)) }, { frozen: true });
  }
}
