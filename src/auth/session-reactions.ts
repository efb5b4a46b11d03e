import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '../events/domain-event';
import { OnDomainEvent } from '../events/on-domain-event';
import { SessionsService } from './sessions.service';

/** What other modules' changes do to sessions, which only this module writes. */
@Injectable()
export class SessionReactions {
  constructor(private readonly sessions: SessionsService) {}

  /** New permissions: each of the user's sessions renews on its next request (decisions §4.4). */
  @OnDomainEvent({ actions: ['user.permissions_changed', 'user.permissions_synced'] })
  async permissionsChanged(events: DomainEvent[], manager: EntityManager): Promise<void> {
    for (const event of events) await this.sessions.deactivateOfUser(manager, event.subject.id);
  }

  /** A member who left the community, with `requireMembership`, keeps no session (decisions §15). */
  @OnDomainEvent({ actions: ['user.membership_lost'], phase: 'committed' })
  async leftCommunity(events: DomainEvent[]): Promise<void> {
    for (const { subject, data } of events) if (data.sessionsRevoked === true) await this.sessions.revokeAllOfUser(subject.id);
  }

  /**
   * A ban ends every session of the user (decisions §11). Once it committed: a sign-in that
   * checked for a ban just before has issued its session by then, so this ends it too (the
   * callback checks again after issuing; see OAuthService).
   */
  @OnDomainEvent({ actions: ['sanction.issued'], phase: 'committed' })
  async sanctioned(events: DomainEvent[]): Promise<void> {
    for (const { data } of events) if (data.type === 'ban') await this.sessions.revokeAllOfUser(data.userId as string);
  }
}
