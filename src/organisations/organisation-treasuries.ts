import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { type BalanceRefusal, changeBoundedBalance } from '../database/bounded-balance';
import { TransactionRunner } from '../database/transaction-runner';
import { isSnowflake } from '../common/ids';
import type { Holder } from '../money/holder';
import { TreasuryPort } from '../money/treasury-port';
import { OrganisationActors } from './organisation-actors';
import { UnknownOrganisation } from './organisation.errors';
import { OrganisationsRepository } from './organisations.repository';

/** The treasuries, as money reaches them: their balance lives on the organisation's row. */
@Injectable()
export class OrganisationTreasuries extends TreasuryPort {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly actors: OrganisationActors,
    private readonly tx: TransactionRunner,
  ) {
    super();
  }

  async holder(manager: EntityManager, organisationId: string, caller: Principal): Promise<Holder> {
    if (!isSnowflake(organisationId)) throw new UnknownOrganisation();
    await this.organisations.require(manager, organisationId);
    const acting = await this.actors.of(manager, caller, organisationId, await this.organisations.grades(manager, organisationId));
    return { type: 'treasury', id: organisationId, ownerUserId: null, characterId: null, callerMayWithdraw: acting.can('withdraw'), frozen: false };
  }

  changeBalance(manager: EntityManager, organisationId: string, change: number): Promise<number | BalanceRefusal> {
    return changeBoundedBalance(manager, this.tx.dialect, { table: 'organisations', key: 'id', id: organisationId }, change);
  }
}
