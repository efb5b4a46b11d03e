import { Injectable } from '@nestjs/common';
import { ProviderLinksService } from '../auth/provider-links.service';
import type { SessionUser } from '../auth/session-user';
import { CharacterDirectory } from '../characters/character-directory.service';
import { toNoteJson, toSanctionJson } from '../moderation/moderation.presenter';
import { assertMayReadNotes } from '../moderation/moderation.policy';
import { SanctionStatusService } from '../moderation/sanction-status.service';
import { SanctionsRepository } from '../moderation/sanctions.repository';
import { StaffNotesRepository } from '../moderation/staff-notes.repository';
import { UserTagsRepository } from '../moderation/user-tags.repository';
import { UsersDirectory } from '../users/users-directory.service';
import { type DossierJson, toDossierLinkJson, toDossierUserJson } from './staff.presenter';

/**
 * Everything staff know about one user in one answer, in a fixed number of queries whatever the
 * user has: one per kind of record (user, links, characters, wallets, sanctions, notes, tags).
 */
@Injectable()
export class DossierService {
  constructor(
    private readonly users: UsersDirectory,
    private readonly links: ProviderLinksService,
    private readonly characters: CharacterDirectory,
    private readonly sanctionStatus: SanctionStatusService,
    private readonly sanctions: SanctionsRepository,
    private readonly notes: StaffNotesRepository,
    private readonly tags: UserTagsRepository,
  ) {}

  async of(caller: SessionUser, userId: string): Promise<DossierJson> {
    // The dossier holds the notes, which are never shown to their subject.
    assertMayReadNotes(caller, userId);
    const user = await this.users.require(userId);
    const [links, characters, sanctions, notes, tags] = await Promise.all([
      this.links.ofUsers([userId], { includePast: true }),
      this.characters.ofUsers([userId]).then((found) => this.characters.present(found)),
      this.sanctions.listOfUsers([userId]),
      this.notes.listOfUsers([userId]),
      this.tags.tagsOf([userId]),
    ]);
    return {
      user: toDossierUserJson(user),
      providers: links.map(toDossierLinkJson),
      characters,
      activeSanction: this.sanctionStatus.pick(sanctions).get(userId) ?? null,
      sanctions: sanctions.map(toSanctionJson),
      notes: notes.map(toNoteJson),
      tags: tags.get(userId) ?? [],
      // The audit log's 20 latest events about the user go here once it exists.
      auditEvents: [],
    };
  }
}
