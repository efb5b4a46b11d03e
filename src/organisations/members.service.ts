import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { invalidField } from '../common/errors/domain-error';
import { TransactionRunner } from '../database/transaction-runner';
import { actorOf, type EventAction } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { MemberEntity } from './member.entity';
import { Memberships } from './memberships';
import type { HireDto } from './organisation.dto';
import { type Acting, OrganisationActors } from './organisation-actors';
import { LastBoss, UnknownMember } from './organisation.errors';
import { type MemberJson, type MemberListJson, toMemberJson } from './organisation.presenter';
import { OrganisationsRepository } from './organisations.repository';
import { isStaff } from './rights';

interface Locked {
  manager: EntityManager;
  acting: Acting;
}

/** Hiring, promoting, firing and leaving, with the grade rules of decisions §14. */
@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly organisations: OrganisationsRepository,
    private readonly actors: OrganisationActors,
    private readonly memberships: Memberships,
    private readonly events: DomainEvents,
  ) {}

  /** Members and staff. */
  async list(caller: Principal, organisationId: string): Promise<MemberListJson> {
    const manager = this.dataSource.manager;
    await this.organisations.require(manager, organisationId);
    const acting = await this.actors.of(manager, caller, organisationId, await this.organisations.grades(manager, organisationId));
    acting.require(acting.member !== null || acting.everything || isStaff(caller));
    return { members: (await this.organisations.members(manager, organisationId)).map(toMemberJson) };
  }

  async hire(caller: Principal, organisationId: string, dto: HireDto): Promise<MemberJson> {
    return this.locked(caller, organisationId, async ({ manager, acting }) => {
      acting.require(acting.can('hire'));
      assertGrade(acting, dto.grade);
      acting.require(acting.outranks(dto.grade));
      const organisation = await this.organisations.require(manager, organisationId);
      const member = await this.memberships.admit(manager, organisation, dto.characterId, dto.grade);
      await this.record(manager, caller, 'organisation.member_hired', member, { characterId: member.characterId, grade: member.grade });
      return toMemberJson(member);
    });
  }

  /** Up or down: only a member strictly below the actor, to a grade strictly below the actor's. */
  async promote(caller: Principal, organisationId: string, characterId: string, grade: number): Promise<MemberJson> {
    return this.locked(caller, organisationId, async ({ manager, acting }) => {
      acting.require(acting.can('promote'));
      const member = await this.requireMember(manager, organisationId, characterId);
      assertGrade(acting, grade);
      acting.require(acting.outranks(member.grade) && acting.outranks(grade));
      if (member.grade === grade) return toMemberJson(member);
      await manager.update(MemberEntity, { organisationId, characterId }, { grade });
      await this.record(manager, caller, 'organisation.member_promoted', member, { characterId, before: member.grade, after: grade });
      return toMemberJson({ ...member, grade });
    });
  }

  /** Firing needs `fire` over a member strictly below; anyone may leave, except the last boss. */
  async remove(caller: Principal, organisationId: string, characterId: string): Promise<void> {
    await this.locked(caller, organisationId, async ({ manager, acting }) => {
      const member = await this.requireMember(manager, organisationId, characterId);
      const leaving = caller.kind === 'user' && member.userId === caller.id;
      if (!leaving) acting.require(acting.can('fire') && acting.outranks(member.grade));
      const lastBoss = member.grade === acting.topGrade && (await this.organisations.countAtGrade(manager, organisationId, member.grade)) === 1;
      if (lastBoss && !acting.everything) throw new LastBoss();
      await manager.delete(MemberEntity, { organisationId, characterId });
      const action = leaving ? 'organisation.member_left' : 'organisation.member_fired';
      await this.record(manager, caller, action, member, { characterId, grade: member.grade });
    });
  }

  /** Member changes of one organisation queue on its row, so the boss count read decides alone. */
  private locked<T>(caller: Principal, organisationId: string, work: (locked: Locked) => Promise<T>): Promise<T> {
    return this.tx.run(async (manager) => {
      await this.organisations.lock(manager, organisationId);
      const acting = await this.actors.of(manager, caller, organisationId, await this.organisations.grades(manager, organisationId));
      return work({ manager, acting });
    });
  }

  private async requireMember(manager: EntityManager, organisationId: string, characterId: string): Promise<MemberEntity> {
    const member = await this.organisations.member(manager, organisationId, characterId);
    if (!member) throw new UnknownMember();
    return member;
  }

  private async record(manager: EntityManager, caller: Principal, action: EventAction, member: MemberEntity, data: Record<string, unknown>) {
    await this.events.publish(manager, { action, actor: actorOf(caller), subject: { type: 'organisation', id: member.organisationId }, data });
  }
}

function assertGrade(acting: Acting, grade: number): void {
  if (grade > acting.topGrade) throw invalidField('grade', `grade must be one of the organisation's grades, 0 to ${acting.topGrade}`);
}
