import { Injectable } from '@nestjs/common';
import { type NoteJson, type SanctionJson, toNoteJson, toSanctionJson } from './moderation.presenter';
import { SanctionsRepository } from './sanctions.repository';
import { StaffNotesRepository } from './staff-notes.repository';
import { UserTagsRepository } from './user-tags.repository';

/** What the staff dashboard reads of sanctions, notes and tags: the module's narrow face. */
@Injectable()
export class ModerationRecords {
  constructor(
    private readonly sanctions: SanctionsRepository,
    private readonly notes: StaffNotesRepository,
    private readonly tags: UserTagsRepository,
  ) {}

  /** Every sanction of the user, newest first, as the API shows them. */
  async sanctionsOf(userId: string): Promise<SanctionJson[]> {
    return (await this.sanctions.listOfUsers([userId])).map(toSanctionJson);
  }

  /** The notes about the user, pinned first, then newest. Callers make sure the reader is not the subject. */
  async notesAbout(userId: string): Promise<NoteJson[]> {
    return (await this.notes.listOfUsers([userId])).map(toNoteJson);
  }

  tagsOf(userIds: string[]): Promise<Map<string, string[]>> {
    return this.tags.tagsOf(userIds);
  }

  usersWithTag(tag: string, after: string | undefined, limit: number): Promise<string[]> {
    return this.tags.usersWithTag(tag, after, limit);
  }

  /** Which of these users hold the tag. */
  tagHolders(tag: string, userIds: string[]): Promise<Set<string>> {
    return this.tags.holders(tag, userIds);
  }
}
