import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CharacterNotApproved } from '../characters/character.errors';
import { CharacterDirectory } from '../characters/character-directory.service';
import { UnknownCharacter } from '../common/errors/domain-error';
import { MemberEntity } from './member.entity';
import type { OrganisationEntity } from './organisation.entity';
import { AlreadyMember, MembershipLimit } from './organisation.errors';
import { OrganisationsRepository } from './organisations.repository';
import { MAX_MEMBERSHIPS } from './rights';

/** The one way a character joins an organisation, with every rule of decisions §14 on who may. */
@Injectable()
export class Memberships {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly characters: CharacterDirectory,
  ) {}

  /**
   * Adds an approved, not ended character at `grade`. The character's lock is taken before its
   * status is read, and the end of a character takes it too, so neither a hire racing a
   * retirement nor two hires racing the limits can leave a membership that breaks them.
   */
  async admit(manager: EntityManager, organisation: OrganisationEntity, characterId: string, grade: number): Promise<MemberEntity> {
    await this.organisations.lockCharacter(manager, characterId);
    const character = await this.characters.statusOf(manager, characterId);
    if (!character) throw new UnknownCharacter();
    if (character.idStatus !== 'approved') throw new CharacterNotApproved();
    const memberships = await this.organisations.membershipsOf(manager, [characterId]);
    if (memberships.some((membership) => membership.organisationId === organisation.id)) throw new AlreadyMember();
    const secondJob = organisation.type === 'job' && memberships.some((membership) => membership.type === 'job');
    if (memberships.length >= MAX_MEMBERSHIPS || secondJob) throw new MembershipLimit();
    const member = { organisationId: organisation.id, characterId, userId: character.userId, grade, joinedAt: new Date() };
    await manager.insert(MemberEntity, member);
    return member;
  }
}
