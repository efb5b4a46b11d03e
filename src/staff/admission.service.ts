import { Injectable } from '@nestjs/common';
import { ProviderLinksService } from '../auth/provider-links.service';
import { MembershipStatus } from '../chat-roles/membership-status.service';
import { CharacterDirectory } from '../characters/character-directory.service';
import type { CharacterJson } from '../characters/character.schema';
import { SanctionStatusService } from '../moderation/sanction-status.service';
import { type MembershipJson, OrganisationDirectory } from '../organisations/organisation-directory';
import { UserRecords } from '../users/user-records.service';

export const ADMISSION_REASONS = ['not_linked', 'banned', 'not_a_member', 'missing_role', 'suspended', 'no_approved_character'] as const;
export type AdmissionReason = (typeof ADMISSION_REASONS)[number];

export interface Admission {
  allowed: boolean;
  reason: AdmissionReason | null;
  userId: string | null;
  activeCharacter: CharacterJson | null;
  ban: { expiresAt: string | null } | null;
  /** The active character's organisations (decisions §14). */
  memberships: MembershipJson[];
}

/** No user for the game account, now or ever. */
export const NOT_LINKED: Admission = { allowed: false, reason: 'not_linked', userId: null, activeCharacter: null, ban: null, memberships: [] };

/** "May this game account's player join?" in one call (decisions §11–12). */
@Injectable()
export class AdmissionService {
  constructor(
    private readonly links: ProviderLinksService,
    private readonly users: UserRecords,
    private readonly characters: CharacterDirectory,
    private readonly sanctions: SanctionStatusService,
    private readonly organisations: OrganisationDirectory,
    private readonly membership: MembershipStatus,
  ) {}

  async of(externalId: string): Promise<Admission> {
    const link = await this.links.current('gameplatform', externalId);
    if (!link) return this.unlinked(externalId);
    const [user, active] = await Promise.all([this.users.find(link.userId), this.sanctions.activeOf([link.userId])]);
    const sanction = active.get(link.userId);
    const [character] = user?.activeCharacterId ? await this.characters.findMany([user.activeCharacterId]) : [];
    const approved = character?.idStatus === 'approved' ? character : undefined;
    const activeCharacter = approved ? (await this.characters.present([approved]))[0] : null;
    const memberships = approved ? await this.organisations.membershipsOf([approved.id]) : [];
    const membershipRefusal = user && sanction?.type !== 'ban' ? await this.membership.admissionRefusal(user) : null;
    const reason: AdmissionReason | null =
      sanction?.type === 'ban' ? 'banned' : (membershipRefusal ?? (sanction ? 'suspended' : activeCharacter ? null : 'no_approved_character'));
    return {
      allowed: reason === null,
      reason,
      userId: link.userId,
      activeCharacter,
      ban: sanction?.type === 'ban' ? { expiresAt: sanction.expiresAt } : null,
      memberships: memberships.map(({ organisationId, name, type, grade }) => ({ organisationId, name, type, grade })),
    };
  }

  /** No user now; an account once linked to a user banned now stays refused (ban evasion). */
  private async unlinked(externalId: string): Promise<Admission> {
    const banned = await this.sanctions.anyBanned(await this.links.everLinkedUsers('gameplatform', externalId));
    if (banned) return { allowed: false, reason: 'banned', userId: banned.userId, activeCharacter: null, ban: { expiresAt: banned.ban.expiresAt }, memberships: [] };
    return NOT_LINKED;
  }
}
