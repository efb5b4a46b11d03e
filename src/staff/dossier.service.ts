import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { ProviderLinksService } from '../auth/provider-links.service';
import { MembershipStatus } from '../chat-roles/membership-status.service';
import type { Principal } from '../access/principal';
import { CharacterDirectory } from '../characters/character-directory.service';
import { ModerationRecords } from '../moderation/moderation-records.service';
import { assertMayReadNotes } from '../moderation/moderation.policy';
import { SanctionStatusService } from '../moderation/sanction-status.service';
import { OrganisationDirectory } from '../organisations/organisation-directory';
import { UserRecords } from '../users/user-records.service';
import { type DossierJson, toDossierLinkJson, toDossierUserJson } from './staff.presenter';

const DOSSIER_AUDIT_EVENTS = 20;

/**
 * Everything staff know about one user in one answer, in a fixed number of queries whatever the
 * user has: one per kind of record (user, links, characters, wallets, sanctions, notes, tags, memberships, fines, audit events).
 */
@Injectable()
export class DossierService {
  constructor(
    private readonly users: UserRecords,
    private readonly links: ProviderLinksService,
    private readonly characters: CharacterDirectory,
    private readonly sanctionStatus: SanctionStatusService,
    private readonly moderation: ModerationRecords,
    private readonly audit: AuditService,
    private readonly organisations: OrganisationDirectory,
    private readonly membership: MembershipStatus,
  ) {}

  async of(caller: Principal, userId: string): Promise<DossierJson> {
    // The dossier holds the notes, which are never shown to their subject.
    assertMayReadNotes(caller, userId);
    const user = await this.users.require(userId);
    const [links, characters, sanctions, notes, tags, syncedAt] = await Promise.all([
      this.links.ofUsers([userId], { includePast: true }),
      this.characters.ofUsers([userId]).then((found) => this.characters.present(found)),
      this.moderation.sanctionsOf(userId),
      this.moderation.notesAbout(userId),
      this.moderation.tagsOf([userId]),
      this.membership.syncedAt(userId),
    ]);
    const [memberships, pendingFines] = await Promise.all([
      this.organisations.membershipsOf(characters.map((c) => c.characterId)),
      this.organisations.pendingFinesOf(userId),
    ]);
    const subjects = [userId, ...characters.map((c) => c.characterId), ...sanctions.map((s) => s.sanctionId)];
    const auditEvents = await this.audit.latestAbout(subjects, DOSSIER_AUDIT_EVENTS);
    return {
      user: toDossierUserJson(user, this.users.permissionsOf(user), syncedAt),
      providers: links.map(toDossierLinkJson),
      characters,
      activeSanction: this.sanctionStatus.activeAmong(sanctions),
      sanctions,
      notes,
      tags: tags.get(userId) ?? [],
      memberships,
      pendingFines,
      auditEvents,
    };
  }
}
