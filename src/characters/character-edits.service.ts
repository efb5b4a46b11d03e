import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../events/domain-events';
import { actorOf } from '../events/domain-event';
import type { Principal } from '../access/principal';
import { TransactionRunner } from '../database/transaction-runner';
import { StoredImages } from '../images/stored-images.service';
import { parseAvatar3d } from './avatar3d';
import { CharacterLifecycle, characterEvent } from './character-lifecycle.service';
import { assertEditable, assertOwnCharacterChange } from './character.policy';
import { signatureDataUrl, STORED_CHARACTER_FILES } from './character-uploads';
import type { CharacterJson } from './character.schema';
import type { UpdateCharacterDto } from './character.dto';
import type { CharacterEntity } from './character.entity';
import { presentCharacter } from './character-views';
import { type CharacterChanges, CharactersRepository } from './characters.repository';
import type { ViewOptions } from './characters.service';

/** A validated character PATCH: its fields and its files, each already checked. */
export interface CharacterEdit {
  fields: UpdateCharacterDto;
  files: Record<string, Buffer>;
}

/** Editing a character's fields and assets. */
@Injectable()
export class CharacterEditsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly characters: CharactersRepository,
    private readonly images: StoredImages,
    private readonly lifecycle: CharacterLifecycle,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Everything that refuses an edit whatever its body: the controller asks before it reads an
   * upload, so a refused request never has its body read (decisions §7).
   */
  async assertMayEdit(caller: Principal, userId: string, characterId: string): Promise<void> {
    assertOwnCharacterChange(caller, userId);
    assertEditable(await this.characters.requireOfUser(this.dataSource.manager, userId, characterId), caller);
  }

  /**
   * The request was validated in full before this runs. The state is checked before any file is
   * stored (so refused edits leave no file behind) and again under the row lock, where the change
   * is applied in one transaction.
   */
  async edit(
    caller: Principal,
    userId: string,
    characterId: string,
    edit: CharacterEdit,
    view: ViewOptions,
  ): Promise<CharacterJson> {
    await this.assertMayEdit(caller, userId, characterId);
    const changes = { ...fieldChanges(edit.fields), ...(await this.storeFiles(edit.files)) };
    const character = await this.transactions.run(async (manager) => {
      const locked = await this.characters.requireOfUser(manager, userId, characterId, { lock: true });
      assertEditable(locked, caller);
      const fields = changedFields(locked, changes);
      if (fields.length === 0) return locked;
      await this.characters.update(manager, locked.id, changes);
      const edited = await this.characters.requireOfUser(manager, userId, characterId);
      if (edited.idStatus === 'approved') {
        await this.lifecycle.reissueCard(manager, edited);
        await this.events.publish(manager, characterEvent('character.edited', actorOf(caller), edited, { fields }));
      }
      return edited;
    });
    return presentCharacter(this.dataSource.manager, character, view);
  }

  private async storeFiles(files: Record<string, Buffer>): Promise<CharacterChanges> {
    const changes: CharacterChanges = {};
    if (files.signature) changes.signatureData = signatureDataUrl(files.signature);
    await Promise.all(
      Object.entries(STORED_CHARACTER_FILES).map(async ([field, target]) => {
        if (files[field]) changes[target.column] = await this.images.store(target.type, files[field], target.extension);
      }),
    );
    return changes;
  }
}

function fieldChanges(fields: UpdateCharacterDto): CharacterChanges {
  const { avatar3D, ...text } = fields;
  const changes: CharacterChanges = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== undefined));
  if (avatar3D !== undefined) {
    const { camera, aabb } = parseAvatar3d(avatar3D);
    changes.avatar3dCamera = camera;
    changes.avatar3dAABB = aabb;
  }
  return changes;
}

/** The columns whose value the change really alters (an edit that repeats a value changes nothing). */
function changedFields(current: CharacterEntity, changes: CharacterChanges): string[] {
  return Object.entries(changes)
    .filter(([column, value]) => JSON.stringify(current[column as keyof CharacterEntity]) !== JSON.stringify(value))
    .map(([column]) => column);
}
