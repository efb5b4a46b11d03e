import { Injectable } from '@nestjs/common';
import { type EntityManager, In, MoreThan } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { GradeEntity } from './grade.entity';
import { MemberEntity } from './member.entity';
import { OrganisationEntity, type OrganisationType } from './organisation.entity';
import { UnknownOrganisation } from './organisation.errors';

export interface Membership {
  organisationId: string;
  name: string;
  type: OrganisationType;
  grade: number;
}

/** Organisations, their grades and members; every method works in the caller's manager. */
@Injectable()
export class OrganisationsRepository {
  constructor(private readonly tx: TransactionRunner) {}

  /** The organisation's row, locked until the transaction ends: member and grade changes of one organisation queue here. */
  async lock(manager: EntityManager, id: string): Promise<OrganisationEntity> {
    const query = manager.createQueryBuilder(OrganisationEntity, 'organisation').where('organisation.id = :id', { id });
    const organisation = await this.tx.lockForUpdate(query).getOne();
    if (!organisation) throw new UnknownOrganisation();
    return organisation;
  }

  async require(manager: EntityManager, id: string): Promise<OrganisationEntity> {
    const organisation = await manager.findOneBy(OrganisationEntity, { id });
    if (!organisation) throw new UnknownOrganisation();
    return organisation;
  }

  /**
   * Membership changes of one character queue here, whichever organisation they touch, so the
   * limits of decisions §14 hold under concurrency; SQLite's transactions are serialized already.
   */
  async lockCharacter(manager: EntityManager, characterId: string): Promise<void> {
    if (this.tx.dialect === 'postgres') await manager.query('SELECT pg_advisory_xact_lock($1::bigint)', [characterId]);
  }

  page(manager: EntityManager, type: OrganisationType | undefined, after: string | undefined, limit: number): Promise<OrganisationEntity[]> {
    const where = { ...(type === undefined ? {} : { type }), ...(after === undefined ? {} : { id: MoreThan(after) }) };
    return manager.find(OrganisationEntity, { where, order: { id: 'ASC' }, take: limit + 1 });
  }

  /** Each organisation's grades, lowest first. */
  async gradesOf(manager: EntityManager, ids: string[]): Promise<Map<string, GradeEntity[]>> {
    const rows = ids.length === 0 ? [] : await manager.find(GradeEntity, { where: { organisationId: In(ids) }, order: { grade: 'ASC' } });
    const grades = new Map(ids.map((id): [string, GradeEntity[]] => [id, []]));
    for (const row of rows) grades.get(row.organisationId)!.push(row);
    return grades;
  }

  async grades(manager: EntityManager, id: string): Promise<GradeEntity[]> {
    return (await this.gradesOf(manager, [id])).get(id)!;
  }

  async replaceGrades(manager: EntityManager, id: string, grades: Omit<GradeEntity, 'organisationId'>[]): Promise<void> {
    await manager.delete(GradeEntity, { organisationId: id });
    await manager.insert(GradeEntity, grades.map((grade) => ({ ...grade, organisationId: id })));
  }

  async memberCounts(manager: EntityManager, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await manager
      .createQueryBuilder(MemberEntity, 'member')
      .select('member.organisationId', 'organisationId')
      .addSelect('COUNT(*)', 'count')
      .where({ organisationId: In(ids) })
      .groupBy('member.organisationId')
      .getRawMany<{ organisationId: string | number; count: string | number }>();
    const counts = new Map(rows.map((row) => [String(row.organisationId), Number(row.count)]));
    return new Map(ids.map((id) => [id, counts.get(id) ?? 0]));
  }

  member(manager: EntityManager, organisationId: string, characterId: string): Promise<MemberEntity | null> {
    return manager.findOneBy(MemberEntity, { organisationId, characterId });
  }

  /** Highest grade first, then by joining. */
  members(manager: EntityManager, organisationId: string): Promise<MemberEntity[]> {
    return manager.find(MemberEntity, { where: { organisationId }, order: { grade: 'DESC', joinedAt: 'ASC', characterId: 'ASC' } });
  }

  countAtGrade(manager: EntityManager, organisationId: string, grade: number): Promise<number> {
    return manager.countBy(MemberEntity, { organisationId, grade });
  }

  /** The organisations the character belongs to, oldest membership first. */
  async membershipsOf(manager: EntityManager, characterIds: string[]): Promise<(Membership & { characterId: string })[]> {
    if (characterIds.length === 0) return [];
    const rows = await manager
      .createQueryBuilder(MemberEntity, 'member')
      .innerJoin(OrganisationEntity, 'organisation', 'organisation.id = member.organisationId')
      .select(['member.characterId AS "characterId"', 'member.organisationId AS "organisationId"', 'member.grade AS "grade"'])
      .addSelect(['organisation.name AS "name"', 'organisation.type AS "type"'])
      .where({ characterId: In(characterIds) })
      .orderBy('member.joinedAt', 'ASC')
      .addOrderBy('member.organisationId', 'ASC')
      .getRawMany<{ characterId: string | number; organisationId: string | number; grade: number; name: string; type: OrganisationType }>();
    return rows.map((row) => ({ ...row, characterId: String(row.characterId), organisationId: String(row.organisationId), grade: Number(row.grade) }));
  }
}
