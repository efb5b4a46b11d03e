import type { Schemas } from '../../../../clients/typescript';
import { Permission } from '../../session/permissions';

export type Organisation = Schemas['OrganisationJson'];
export type Grade = Schemas['GradeJson'];
export type Member = Schemas['MemberJson'];
export type Right = Grade['rights'][number];
export type OrganisationType = Organisation['type'];

export const RIGHTS: Right[] = ['hire', 'fire', 'promote', 'withdraw', 'view_treasury', 'issue_invoices', 'issue_fines'];
export const ORGANISATION_TYPES: OrganisationType[] = ['job', 'faction', 'business'];

/** What the signed-in user may do in an organisation: the console only hides what the API would refuse. */
export interface Acting {
  can(right: Right): boolean;
  /** The grade is strictly below the user's own. */
  outranks(grade: number): boolean;
  /** Change the name and the grades: a boss or `ADMINISTRATOR`. */
  mayChange: boolean;
}

/**
 * As the API decides it (decisions §14): `ADMINISTRATOR` may do everything; anyone else acts
 * through their active character's membership, whose grade holds the rights (the top grade all).
 */
export function actingOf(permissions: number, organisation: Organisation, own: Member | undefined): Acting {
  const top = organisation.grades.length - 1;
  if ((permissions & Permission.ADMINISTRATOR) !== 0) return { can: () => true, outranks: () => true, mayChange: true };
  const rights = new Set<Right>(own === undefined ? [] : own.grade === top ? RIGHTS : organisation.grades[own.grade].rights);
  return {
    can: (right) => rights.has(right),
    outranks: (grade) => own !== undefined && grade < own.grade,
    mayChange: own?.grade === top,
  };
}

/** The grades an actor may hand out: strictly below their own. */
export function gradesBelow(organisation: Organisation, acting: Acting): Grade[] {
  return organisation.grades.filter((grade) => acting.outranks(grade.grade));
}
