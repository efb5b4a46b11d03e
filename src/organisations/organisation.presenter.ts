import { ApiProperty } from '@nestjs/swagger';
import type { GradeEntity } from './grade.entity';
import { ORGANISATION_TYPES, type OrganisationEntity, type OrganisationType } from './organisation.entity';
import type { MemberEntity } from './member.entity';
import { type Right, RIGHTS, rightsOf } from './rights';

export class TreasuryJson {
  @ApiProperty() balance: number;
}

export class GradeJson {
  @ApiProperty({ description: 'Index from the lowest, 0' }) grade: number;
  @ApiProperty() name: string;
  @ApiProperty() salary: number;
  @ApiProperty({ enum: RIGHTS, isArray: true }) rights: Right[];
}

/** The Organisation resource of decisions §14. */
export class OrganisationJson {
  @ApiProperty() organisationId: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ORGANISATION_TYPES }) type: OrganisationType;
  @ApiProperty({ type: String, nullable: true, description: 'served by `GET /v1/images/icons/<iconHash>`' }) iconHash: string | null;
  @ApiProperty({ type: TreasuryJson, nullable: true, description: 'Shown to members holding `view_treasury` and to staff' })
  treasury: TreasuryJson | null;
  @ApiProperty({ type: [GradeJson], description: 'From the lowest; the last is the boss grade' }) grades: GradeJson[];
  @ApiProperty() memberCount: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class OrganisationPageJson {
  @ApiProperty({ type: [OrganisationJson], description: 'Oldest first' }) organisations: OrganisationJson[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  nextCursor: string | null;
}

export class MemberJson {
  @ApiProperty() organisationId: string;
  @ApiProperty() characterId: string;
  @ApiProperty({ description: "The character's owner" }) userId: string;
  @ApiProperty() grade: number;
  @ApiProperty() joinedAt: string;
}

export class MemberListJson {
  @ApiProperty({ type: [MemberJson], description: 'Highest grade first, then by joining' }) members: MemberJson[];
}

export interface OrganisationView {
  organisation: OrganisationEntity;
  grades: GradeEntity[];
  memberCount: number;
  showTreasury: boolean;
}

export function toOrganisationJson({ organisation, grades, memberCount, showTreasury }: OrganisationView): OrganisationJson {
  return {
    organisationId: organisation.id,
    name: organisation.name,
    type: organisation.type,
    iconHash: organisation.iconHash,
    treasury: showTreasury ? { balance: organisation.balance } : null,
    grades: grades.map(toGradeJson),
    memberCount,
    createdAt: organisation.createdAt.toISOString(),
    updatedAt: organisation.updatedAt.toISOString(),
  };
}

export function toGradeJson(grade: GradeEntity): GradeJson {
  return { grade: grade.grade, name: grade.name, salary: grade.salary, rights: rightsOf(grade.rights) };
}

export function toMemberJson(member: MemberEntity): MemberJson {
  return {
    organisationId: member.organisationId,
    characterId: member.characterId,
    userId: member.userId,
    grade: member.grade,
    joinedAt: member.joinedAt.toISOString(),
  };
}
