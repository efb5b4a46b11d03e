import { Injectable } from '@nestjs/common';
import { ProviderLinksService } from '../auth/provider-links.service';
import type { SessionUser } from '../auth/session-user';
import { CharacterDirectory } from '../characters/character-directory.service';
import { ModerationRecords } from '../moderation/moderation-records.service';
import { assertMayReadNotes } from '../moderation/moderation.policy';
import { SanctionStatusService } from '../moderation/sanction-status.service';
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
    private readonly moderation: ModerationRecords,
  ) {}

  async of(caller: SessionUser, userId: string): Promise<DossierJson> {
    // The dossier holds the notes, which are never shown to their subject.
    assertMayReadNotes(caller, userId);
    const user = await this.users.require(userId);
    const [links, characters, sanctions, notes, tags] = await Promise.all([
      this.links.ofUsers([userId], { includePast: true }),
      this.characters.ofUsers([userId]).then((found) => this.characters.present(found)),
      this.moderation.sanctionsOf(userId),
      this.moderation.notesAbout(userId),
      this.moderation.tagsOf([userId]),
    ]);
    return {
      user: toDossierUserJson(user),
      providers: links.map(toDossierLinkJson),
      characters,
      activeSanction: this.sanctionStatus.activeAmong(sanctions),
      sanctions,
      notes,
      tags: tags.get(userId) ?? [],
      // The audit log's 20 latest events about the user go here once it exists.
      auditEvents: [],
    };
  }
}
