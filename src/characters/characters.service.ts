import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { UnknownCharacter, UnknownUser } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRecords } from '../users/user-records.service';
import { assertMayPickActiveCharacter, assertMayRead, assertOwnCharacterChange, assertOwnCharacterList } from './character.policy';
import type { CharacterJson } from './character.schema';
import type { CreateCharacterDto } from './character.dto';
import { CharacterLimitExceeded, CharacterNotApproved } from './character.errors';
import { presentCharacter, presentCharacters, presentWithWallets } from './character-views';
import { CharactersRepository, walletsOfUser } from './characters.repository';

export interface ViewOptions {
  /** The contract's `signature=true`. */
  withSignature: boolean;
}

/** Reading and creating characters. */
@Injectable()
export class CharactersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly characters: CharactersRepository,
    private readonly ids: IdGenerator,
    private readonly users: UserRecords,
  ) {}

  async list(caller: Principal, userId: string, view: ViewOptions): Promise<CharacterJson[]> {
    assertOwnCharacterList(caller, userId);
    return this.presentOfUser(this.dataSource.manager, userId, view);
  }

  async get(caller: Principal, userId: string, characterId: string, view: ViewOptions): Promise<CharacterJson> {
    assertMayRead(caller, userId);
    const manager = this.dataSource.manager;
    return presentCharacter(manager, await this.characters.requireOfUser(manager, userId, characterId), view);
  }

  /**
   * The user row is locked before counting, so concurrent creations are decided one after the
   * other and the count can never pass `maxCharacters`.
   */
  async create(caller: Principal, userId: string, dto: CreateCharacterDto, view: ViewOptions): Promise<CharacterJson> {
    assertOwnCharacterChange(caller, userId);
    return this.transactions.run(async (manager) => {
      const user = await this.users.lock(manager, userId);
      if (!user) throw new UnknownUser();
      if ((await this.characters.countOfUser(manager, userId)) >= user.maxCharacters) throw new CharacterLimitExceeded();
      const character = await this.characters.insert(manager, {
        id: this.ids.next(),
        userId,
        firstNames: dto.firstNames,
        lastNames: dto.lastNames,
        age: dto.age,
        height: dto.height,
        gender: dto.gender,
        bloodType: dto.bloodType,
        nationality: dto.nationality,
        dob: dto.dob,
        idStatus: 'draft',
      });
      return presentCharacter(manager, character, view);
    });
  }

  /** One page of the review queue, oldest submission first, with the queue's length. */
  async pendingPage(offset: number, limit: number): Promise<{ total: number; characters: CharacterJson[] }> {
    const manager = this.dataSource.manager;
    const [total, page] = await Promise.all([
      this.characters.countPending(manager),
      this.characters.pendingPage(manager, offset, limit),
    ]);
    return { total, characters: await presentCharacters(manager, page) };
  }

  /** Whether the character exists (and, given `ownedBy`, belongs to that user). */
  exists(manager: EntityManager, characterId: string, ownedBy?: string): Promise<boolean> {
    return this.characters.exists(manager, ownedBy === undefined ? { id: characterId } : { id: characterId, userId: ownedBy });
  }

  /**
   * The user's characters as the User resource shows them. The characters and their wallets are
   * read side by side: on PostgreSQL both go out in one round trip of the pipelined reads.
   */
  async presentOfUser(manager: EntityManager, userId: string, view: Partial<ViewOptions> = {}): Promise<CharacterJson[]> {
    const [characters, wallets] = await Promise.all([
      this.characters.listOfUser(manager, userId, { withSignature: view.withSignature ?? false }),
      walletsOfUser(manager, userId),
    ]);
    return presentWithWallets(characters, wallets, view);
  }

  /** The owner picks one of their approved characters as the active one. */
  async setActive(caller: Principal, userId: string, characterId: string): Promise<void> {
    assertMayPickActiveCharacter(caller, userId);
    if (!isSnowflake(characterId)) throw new UnknownCharacter();
    await this.transactions.run(async (manager) => {
      if (!(await this.users.lock(manager, userId))) throw new UnknownUser();
      const character = await this.characters.findOfUser(manager, userId, characterId);
      if (!character) throw new UnknownCharacter();
      if (character.idStatus !== 'approved') throw new CharacterNotApproved();
      await this.users.setActive(manager, userId, character.id);
    });
  }

  /** The user's character as the Character resource shows it (with its wallet), or null. */
  async presentOneOfUser(manager: EntityManager, userId: string, characterId: string): Promise<CharacterJson | null> {
    const character = await this.characters.findOfUser(manager, userId, characterId);
    return character && presentCharacter(manager, character);
  }
}
