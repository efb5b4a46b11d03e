import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { movesAnyMoney } from '../money/money.policy';
import { UserRecords } from '../users/user-records.service';
import type { GradeEntity } from './grade.entity';
import type { MemberEntity } from './member.entity';
import { OrganisationsRepository } from './organisations.repository';
import { isStaff, type Right, RIGHTS, rightsOf } from './rights';

/**
 * Who acts in an organisation: a user through their active character's membership and its grade,
 * or an `ADMINISTRATOR` (or a key holding `SERVICE_ADMINISTRATOR`), who may do everything.
 */
export class Acting {
  private readonly rights: ReadonlySet<Right>;

  constructor(
    readonly everything: boolean,
    readonly member: Pick<MemberEntity, 'characterId' | 'grade'> | null,
    readonly topGrade: number,
    grades: GradeEntity[],
  ) {
    const grade = member === null ? undefined : grades[member.grade];
    this.rights = new Set(member?.grade === topGrade ? RIGHTS : rightsOf(grade?.rights ?? ''));
  }

  can(right: Right): boolean {
    return this.everything || this.rights.has(right);
  }

  /** The grade is strictly below the actor's own. */
  outranks(grade: number): boolean {
    return this.everything || (this.member !== null && grade < this.member.grade);
  }

  get isBoss(): boolean {
    return this.member?.grade === this.topGrade;
  }

  require(allowed: boolean): void {
    if (!allowed) throw new ForbiddenError();
  }
}

@Injectable()
export class OrganisationActors {
  constructor(
    private readonly users: UserRecords,
    private readonly organisations: OrganisationsRepository,
  ) {}

  /** The user's active character, or null (a service key acts through none). */
  async activeCharacterOf(caller: Principal): Promise<string | null> {
    if (caller.kind !== 'user') return null;
    return (await this.users.activeCharacterOf(caller.id))?.activeCharacterId ?? null;
  }

  async of(manager: EntityManager, caller: Principal, organisationId: string, grades: GradeEntity[]): Promise<Acting> {
    const characterId = await this.activeCharacterOf(caller);
    const member = characterId === null ? null : await this.organisations.member(manager, organisationId, characterId);
    return this.acting(caller, member, grades);
  }

  acting(caller: Principal, member: Pick<MemberEntity, 'characterId' | 'grade'> | null, grades: GradeEntity[]): Acting {
    return new Acting(movesAnyMoney(caller), member, grades.length - 1, grades);
  }

  /** Members holding `view_treasury` (bosses included) and staff see the treasury (decisions §14). */
  seesTreasury(caller: Principal, acting: Acting): boolean {
    return isStaff(caller) || acting.can('view_treasury');
  }
}
