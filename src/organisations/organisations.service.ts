import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { ForbiddenError } from '../common/errors/domain-error';
import { cursorPage, idOf } from '../common/pagination';
import { IdGenerator } from '../database/id-generator';
import { TransactionRunner } from '../database/transaction-runner';
import { isUniqueViolation } from '../database/unique-violation';
import { actorOf, type EventEntry } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { StoredImages } from '../images/stored-images.service';
import type { StatementJson } from '../money/money.presenter';
import { movesAnyMoney } from '../money/money.policy';
import { StatementsService } from '../money/statements.service';
import type { StatementQueryDto } from '../money/transfer.dto';
import type { GradeEntity } from './grade.entity';
import { MemberEntity } from './member.entity';
import { Memberships } from './memberships';
import type { CreateOrganisationDto, GradeDto, OrganisationListQueryDto, UpdateOrganisationDto } from './organisation.dto';
import { OrganisationActors } from './organisation-actors';
import { OrganisationEntity } from './organisation.entity';
import { DuplicateOrganisation, GradeInUse } from './organisation.errors';
import { type OrganisationJson, type OrganisationPageJson, toGradeJson, toOrganisationJson } from './organisation.presenter';
import { OrganisationsRepository } from './organisations.repository';
import { RIGHTS, rightsColumn } from './rights';

/** Organisations and their grades (decisions §14); members are `MembersService`'s. */
@Injectable()
export class OrganisationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly ids: IdGenerator,
    private readonly organisations: OrganisationsRepository,
    private readonly actors: OrganisationActors,
    private readonly memberships: Memberships,
    private readonly images: StoredImages,
    private readonly events: DomainEvents,
    private readonly statements: StatementsService,
  ) {}

  async create(caller: Principal, dto: CreateOrganisationDto): Promise<OrganisationJson> {
    if (!movesAnyMoney(caller)) throw new ForbiddenError();
    const id = this.ids.next();
    return this.namedUniquely(() =>
      this.tx.run(async (manager) => {
        const organisation = { id, name: dto.name, nameKey: nameKey(dto.name), type: dto.type, iconHash: null, balance: 0 };
        await manager.insert(OrganisationEntity, organisation);
        await this.organisations.replaceGrades(manager, id, gradeRows(dto.grades));
        const stored = await this.organisations.require(manager, id);
        if (dto.bossCharacterId !== undefined) await this.memberships.admit(manager, stored, dto.bossCharacterId, dto.grades.length - 1);
        const json = await this.view(manager, caller, stored);
        await this.events.publish(manager, {
          action: 'organisation.created',
          actor: actorOf(caller),
          subject: { type: 'organisation', id },
          data: { name: json.name, type: json.type, grades: json.grades, bossCharacterId: dto.bossCharacterId ?? null },
        });
        return json;
      }),
    );
  }

  async list(caller: Principal, query: OrganisationListQueryDto): Promise<OrganisationPageJson> {
    const manager = this.dataSource.manager;
    const rows = await this.organisations.page(manager, query.type, query.cursor, query.limit);
    const { page, next } = cursorPage(rows, query.limit, idOf);
    const ids = page.map(idOf);
    const [grades, counts] = await Promise.all([this.organisations.gradesOf(manager, ids), this.organisations.memberCounts(manager, ids)]);
    const characterId = await this.actors.activeCharacterOf(caller);
    const memberships = new Map((await this.organisations.membershipsOf(manager, characterId ? [characterId] : [])).map((m) => [m.organisationId, m]));
    const organisations = page.map((organisation) => {
      const own = memberships.get(organisation.id);
      const acting = this.actors.acting(caller, own ?? null, grades.get(organisation.id)!);
      return toOrganisationJson({
        organisation,
        grades: grades.get(organisation.id)!,
        memberCount: counts.get(organisation.id)!,
        showTreasury: this.actors.seesTreasury(caller, acting),
      });
    });
    return { organisations, nextCursor: next };
  }

  async get(caller: Principal, id: string): Promise<OrganisationJson> {
    const manager = this.dataSource.manager;
    return this.view(manager, caller, await this.organisations.require(manager, id));
  }

  /** Those who see the treasury read its statement; service keys too, as every statement (decisions §12). */
  async treasuryStatement(caller: Principal, id: string, query: StatementQueryDto): Promise<StatementJson> {
    const manager = this.dataSource.manager;
    await this.organisations.require(manager, id);
    const acting = await this.actors.of(manager, caller, id, await this.organisations.grades(manager, id));
    acting.require(caller.kind === 'service_key' || this.actors.seesTreasury(caller, acting));
    return this.statements.treasury(id, query);
  }

  /** Refuses callers who may change nothing, before the controller reads an upload. */
  async assertMayUpdate(caller: Principal, id: string): Promise<void> {
    const manager = this.dataSource.manager;
    await this.organisations.require(manager, id);
    const acting = await this.actors.of(manager, caller, id, await this.organisations.grades(manager, id));
    acting.require(acting.everything || acting.isBoss);
  }

  /** Name, grades and icon (a PNG already validated), by a boss or an administrator. */
  async update(caller: Principal, id: string, dto: UpdateOrganisationDto, icon?: Buffer): Promise<OrganisationJson> {
    const iconHash = icon ? await this.images.store('icons', icon, 'png') : undefined;
    return this.namedUniquely(() =>
      this.tx.run(async (manager) => {
        const before = await this.organisations.lock(manager, id);
        const gradesBefore = await this.organisations.grades(manager, id);
        const acting = await this.actors.of(manager, caller, id, gradesBefore);
        acting.require(acting.everything || acting.isBoss);
        const fields = {
          ...(dto.name === undefined ? {} : { name: dto.name, nameKey: nameKey(dto.name) }),
          ...(iconHash === undefined ? {} : { iconHash }),
        };
        if (Object.keys(fields).length > 0) await manager.update(OrganisationEntity, { id }, fields);
        if (dto.grades !== undefined) await this.regrade(manager, id, gradesBefore, dto.grades);
        const after = await this.organisations.require(manager, id);
        const json = await this.view(manager, caller, after);
        const changes = organisationChanges(before, after, gradesBefore.map(toGradeJson), json.grades);
        if (Object.keys(changes).length > 0) await this.events.publish(manager, updated(caller, id, changes));
        return json;
      }),
    );
  }

  /**
   * Members keep their grade number and the bosses move to the new top grade; a non-boss member
   * whose grade would vanish or become the top refuses the change (409 `Grade In Use`).
   */
  private async regrade(manager: EntityManager, id: string, before: GradeEntity[], grades: GradeDto[]): Promise<void> {
    const [oldTop, newTop] = [before.length - 1, grades.length - 1];
    const members = await this.organisations.members(manager, id);
    if (members.some((member) => member.grade !== oldTop && member.grade >= newTop)) throw new GradeInUse();
    await this.organisations.replaceGrades(manager, id, gradeRows(grades));
    if (oldTop !== newTop) await manager.update(MemberEntity, { organisationId: id, grade: oldTop }, { grade: newTop });
  }

  private async view(manager: EntityManager, caller: Principal, organisation: OrganisationEntity): Promise<OrganisationJson> {
    const grades = await this.organisations.grades(manager, organisation.id);
    const acting = await this.actors.of(manager, caller, organisation.id, grades);
    const memberCount = (await this.organisations.memberCounts(manager, [organisation.id])).get(organisation.id)!;
    return toOrganisationJson({ organisation, grades, memberCount, showTreasury: this.actors.seesTreasury(caller, acting) });
  }

  private async namedUniquely<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw isUniqueViolation(error) ? new DuplicateOrganisation() : error;
    }
  }
}

function nameKey(name: string): string {
  return name.toLowerCase();
}

/** The top grade is the boss grade and holds every right (decisions §14). */
function gradeRows(grades: GradeDto[]): Omit<GradeEntity, 'organisationId'>[] {
  return grades.map((grade, index) => ({
    grade: index,
    name: grade.name,
    salary: grade.salary,
    rights: rightsColumn(index === grades.length - 1 ? RIGHTS : grade.rights),
  }));
}

function organisationChanges(before: OrganisationEntity, after: OrganisationEntity, gradesBefore: unknown[], gradesAfter: unknown[]) {
  return {
    ...(before.name === after.name ? {} : { name: { before: before.name, after: after.name } }),
    ...(before.iconHash === after.iconHash ? {} : { iconHash: { before: before.iconHash, after: after.iconHash } }),
    ...(JSON.stringify(gradesBefore) === JSON.stringify(gradesAfter) ? {} : { grades: { before: gradesBefore, after: gradesAfter } }),
  };
}

function updated(caller: Principal, id: string, data: Record<string, unknown>): EventEntry {
  return { action: 'organisation.updated', actor: actorOf(caller), subject: { type: 'organisation', id }, data };
}
