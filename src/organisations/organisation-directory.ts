import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { InvoiceEntity } from './invoice.entity';
import { type InvoiceJson, toInvoiceJson } from './invoice.presenter';
import { ORGANISATION_TYPES, type OrganisationType } from './organisation.entity';
import { OrganisationsRepository } from './organisations.repository';

/** A character's place in an organisation, as admission and the dossier show it (decisions §14). */
export class MembershipJson {
  @ApiProperty() organisationId: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ORGANISATION_TYPES }) type: OrganisationType;
  @ApiProperty() grade: number;
}

export class CharacterMembershipJson extends MembershipJson {
  @ApiProperty() characterId: string;
}

/** What other modules (staff: the dossier, admission) read of organisations. */
@Injectable()
export class OrganisationDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organisations: OrganisationsRepository,
  ) {}

  /** The memberships of these characters, oldest first. */
  async membershipsOf(characterIds: string[]): Promise<CharacterMembershipJson[]> {
    const rows = await this.organisations.membershipsOf(this.dataSource.manager, characterIds);
    return rows.map(({ characterId, organisationId, name, type, grade }) => ({ characterId, organisationId, name, type, grade }));
  }

  /** The pending fines billed to the user's characters, newest first. */
  async pendingFinesOf(userId: string): Promise<InvoiceJson[]> {
    const fines = await this.dataSource.manager.find(InvoiceEntity, { where: { toUserId: userId, kind: 'fine', status: 'pending' }, order: { id: 'DESC' } });
    const now = new Date();
    return fines.map((fine) => toInvoiceJson(fine, now));
  }
}
