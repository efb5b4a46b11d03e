import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import type { DomainEvent } from '../events/domain-event';
import { OnDomainEvent } from '../events/on-domain-event';
import { MemberEntity } from './member.entity';
import { OrganisationsRepository } from './organisations.repository';

/** What other modules' changes do to memberships, which only this module writes. */
@Injectable()
export class MembershipReactions {
  constructor(private readonly organisations: OrganisationsRepository) {}

  /**
   * An ended character's memberships end in the same transaction as its end (decisions §14). The
   * character's lock is the one a hire takes, so a hire racing the end waits and sees it.
   */
  @OnDomainEvent({ actions: ['character.retired', 'character.deceased'] })
  async characterEnded(events: DomainEvent[], manager: EntityManager): Promise<void> {
    const characterIds = events.map((event) => event.subject.id);
    for (const characterId of characterIds) await this.organisations.lockCharacter(manager, characterId);
    await manager.delete(MemberEntity, { characterId: In(characterIds) });
  }
}
