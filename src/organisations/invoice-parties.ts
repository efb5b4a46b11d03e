import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../access/principal';
import { CharacterNotApproved } from '../characters/character.errors';
import { CharacterDirectory } from '../characters/character-directory.service';
import { ForbiddenError, invalidField, UnknownCharacter } from '../common/errors/domain-error';
import type { HolderRef } from '../money/holder';
import { HolderDirectory } from '../money/holders';
import { movesAnyMoney } from '../money/money.policy';
import type { InvoiceEntity, InvoiceKind } from './invoice.entity';
import { type Acting, OrganisationActors } from './organisation-actors';
import { OrganisationsRepository } from './organisations.repository';
import { isStaff, type Right } from './rights';

/** Who stands on each side of an invoice, and what each may do (decisions §14). */
@Injectable()
export class InvoiceParties {
  constructor(
    private readonly holders: HolderDirectory,
    private readonly organisations: OrganisationsRepository,
    private readonly actors: OrganisationActors,
    private readonly characters: CharacterDirectory,
  ) {}

  /**
   * The issuer named in a new invoice may issue it: a wallet's owner (invoices only), or a member
   * holding `issue_invoices` or `issue_fines` for the kind. Answers the wallet owner's user id.
   */
  async assertMayIssue(manager: EntityManager, caller: Principal, kind: InvoiceKind, from: HolderRef): Promise<string | null> {
    if (from.type === 'organisation') {
      const acting = await this.actingIn(manager, caller, from.organisationId);
      acting.require(acting.can(kind === 'fine' ? 'issue_fines' : 'issue_invoices'));
      return null;
    }
    if (from.type !== 'wallet') throw invalidField('from', 'from is a wallet or an organisation');
    if (kind === 'fine') throw invalidField('from', 'a fine is issued by an organisation');
    const holder = (await this.holders.forTransfer(manager, from, caller))!;
    assertUserOrAdministrator(caller, holder.ownerUserId);
    return holder.ownerUserId;
  }

  /** The issuer side of a stored invoice: its wallet's owner, or the organisation's right for its kind. */
  async assertIssuerSide(manager: EntityManager, caller: Principal, invoice: InvoiceEntity): Promise<void> {
    if (invoice.fromType === 'wallet') {
      assertUserOrAdministrator(caller, invoice.fromUserId);
      return;
    }
    const acting = await this.actingIn(manager, caller, invoice.fromId);
    acting.require(acting.can(invoice.kind === 'fine' ? 'issue_fines' : 'issue_invoices'));
  }

  /** The billed character's owner, or an administrator. */
  assertBilledSide(caller: Principal, invoice: InvoiceEntity): void {
    assertUserOrAdministrator(caller, invoice.toUserId);
  }

  /** Staff see every invoice; so does `ADMINISTRATOR` or a key holding `SERVICE_ADMINISTRATOR`. */
  seesAll(caller: Principal): boolean {
    return isStaff(caller) || movesAnyMoney(caller);
  }

  /** The issuer side reading an organisation's invoices: `issue_invoices`, `issue_fines` or `view_treasury`. */
  async assertMayReadIssued(manager: EntityManager, caller: Principal, organisationId: string): Promise<void> {
    const acting = await this.actingIn(manager, caller, organisationId);
    const readers: Right[] = ['issue_invoices', 'issue_fines', 'view_treasury'];
    acting.require(readers.some((right) => acting.can(right)));
  }

  /** An approved, not ended character: its owner. */
  async billed(manager: EntityManager, characterId: string): Promise<string> {
    const character = await this.characters.statusOf(manager, characterId);
    if (!character) throw new UnknownCharacter();
    if (character.idStatus !== 'approved') throw new CharacterNotApproved();
    return character.userId;
  }

  private async actingIn(manager: EntityManager, caller: Principal, organisationId: string): Promise<Acting> {
    await this.organisations.require(manager, organisationId);
    return this.actors.of(manager, caller, organisationId, await this.organisations.grades(manager, organisationId));
  }
}

/** The user themselves, or an `ADMINISTRATOR` (or a key holding `SERVICE_ADMINISTRATOR`). */
function assertUserOrAdministrator(caller: Principal, userId: string | null): void {
  if (!(caller.kind === 'user' && userId === caller.id) && !movesAnyMoney(caller)) throw new ForbiddenError();
}
