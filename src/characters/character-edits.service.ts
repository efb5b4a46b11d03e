import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user';
import { assertPathUserIsCaller } from '../common/permissions/path-user';
import { TransactionRunner } from '../database/transaction-runner';
import { StoredImages } from '../images/stored-images.service';
import { IdCardService } from '../review/id-card.service';
import { parseAvatar3d } from './avatar3d';
import { assertEditable } from './character-access';
import { signatureDataUrl, STORED_CHARACTER_FILES } from './character-uploads';
import type { CharacterJson } from './character.presenter';
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
    private readonly idCards: IdCardService,
  ) {}

  /**
   * Everything that refuses an edit whatever its body: the controller asks before it reads an
   * upload, so a refused request never has its body read (decisions §7).
   */
  async assertMayEdit(caller: SessionUser, userId: string, characterId: string): Promise<void> {
    assertPathUserIsCaller(userId, caller.id, 'Forbidden');
    assertEditable(await this.characters.requireOfUser(this.dataSource.manager, userId, characterId), caller);
  }

  /**
   * The request was validated in full before this runs. The state is checked before any file is
   * stored (so refused edits leave no file behind) and again under the row lock, where the change
   * is applied in one transaction.
   */
  async edit(
    caller: SessionUser,
    userId: string,
    characterId: string,
    edit: CharacterEdit,
    view: ViewOptions,
  ): Promise<CharacterJson> {
    await this.assertMayEdit(caller, userId, characterId);
    const changes = { ...fieldChanges(edit.fields), ...(await this.storeFiles(edit.files)) };
    const changed = Object.keys(changes).length > 0;
    const character = await this.transactions.run(async (manager) => {
      const locked = await this.characters.requireOfUser(manager, userId, characterId, { lock: true });
      assertEditable(locked, caller);
      if (!changed) return locked;
      await this.characters.update(manager, locked.id, changes);
      const edited = await this.characters.requireOfUser(manager, userId, characterId);
      if (edited.idStatus === 'approved') await this.reissueIdCard(manager, edited);
      return edited;
    });
    return presentCharacter(this.dataSource.manager, character, view);
  }

  /**
   * An approved character's ID card shows its fields (decisions §4.20), so an edit renders it
   * again. It happens under the edit's row lock, so the card always matches the stored fields even
   * when two edits race; such edits are rare, so the short wait is no cost.
   */
  private async reissueIdCard(manager: EntityManager, character: CharacterEntity): Promise<void> {
    character.idCardHash = await this.idCards.issue(character);
    await this.characters.update(manager, character.id, { idCardHash: character.idCardHash });
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
