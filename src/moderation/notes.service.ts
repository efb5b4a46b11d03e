import { Injectable } from '@nestjs/common';
import type { Principal } from '../access/principal';
import { invalidField } from '../common/errors/domain-error';
import { AppConfig } from '../config/config';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRecords } from '../users/user-records.service';
import type { CreateNoteDto, UpdateNoteDto } from './moderation.dto';
import { UnknownNote } from './moderation.errors';
import { assertMayChangeNote, assertMayReadNotes } from './moderation.policy';
import { type NoteJson, toNoteJson } from './moderation.presenter';
import { StaffNotesRepository } from './staff-notes.repository';
import { UserTagsRepository } from './user-tags.repository';

/** Staff notes and tags about users (decisions §11–12); neither is audited. */
@Injectable()
export class NotesService {
  constructor(
    private readonly notes: StaffNotesRepository,
    private readonly tags: UserTagsRepository,
    private readonly users: UserRecords,
    private readonly config: AppConfig,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
  ) {}

  async create(caller: Principal, userId: string, dto: CreateNoteDto): Promise<NoteJson> {
    assertMayReadNotes(caller, userId);
    await this.users.require(userId);
    const values = { id: this.ids.next(), userId, authorId: caller.id, body: dto.body, pinned: dto.pinned ?? false };
    const note = await this.tx.run((manager) => this.notes.insert(manager, values));
    return toNoteJson(note);
  }

  async list(caller: Principal, userId: string): Promise<{ notes: NoteJson[] }> {
    assertMayReadNotes(caller, userId);
    await this.users.require(userId);
    return { notes: (await this.notes.listOfUsers([userId])).map(toNoteJson) };
  }

  async update(caller: Principal, noteId: string, dto: UpdateNoteDto): Promise<NoteJson> {
    const note = await this.changeableNote(caller, noteId);
    const changes = Object.fromEntries(Object.entries({ body: dto.body, pinned: dto.pinned }).filter(([, v]) => v !== undefined));
    return toNoteJson(await this.tx.run((manager) => this.notes.update(manager, note.id, changes)));
  }

  async delete(caller: Principal, noteId: string): Promise<void> {
    const note = await this.changeableNote(caller, noteId);
    await this.tx.run((manager) => this.notes.delete(manager, note.id));
  }

  /** Replaces the user's tags; each must be one of `STAFF_TAGS`, compared lowercased. */
  allowedTags(): string[] {
    return this.config.staffTags;
  }

  async setTags(userId: string, requested: string[]): Promise<{ tags: string[] }> {
    const tags = [...new Set(requested.map((tag) => tag.trim().toLowerCase()))].sort();
    const unknown = tags.filter((tag) => !this.config.staffTags.includes(tag));
    if (unknown.length) throw invalidField('tags', `unknown tags: ${unknown.join(', ')}; allowed: ${this.config.staffTags.join(', ')}`);
    await this.users.require(userId);
    await this.tx.run((manager) => this.tags.replace(manager, userId, tags));
    return { tags };
  }

  private async changeableNote(caller: Principal, noteId: string) {
    const note = await this.notes.findById(noteId);
    if (!note) throw new UnknownNote();
    assertMayReadNotes(caller, note.userId);
    assertMayChangeNote(caller, note);
    return note;
  }
}
