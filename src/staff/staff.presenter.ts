import { InvoiceJson } from '../organisations/invoice.presenter';
import { CharacterMembershipJson, MembershipJson } from '../organisations/organisation-directory';
import { ApiProperty } from '@nestjs/swagger';
import { AuditEventJson } from '../audit/audit.schema';
import type { ProviderLinkEntity } from '../auth/provider-link.entity';
import { CharacterJson } from '../characters/character.schema';
import type { ActiveSanction } from '../moderation/sanction-status.service';
import { NoteJson, SanctionJson } from '../moderation/moderation.presenter';
import type { UserEntity } from '../users/user.entity';
import { ADMISSION_REASONS, type AdmissionReason } from './admission.service';

/** A user's account at a provider; named apart from the banks' AccountJson, which the document would merge it with. */
export class ProviderAccountJson {
  @ApiProperty() externalId: string;
  @ApiProperty({ type: String, nullable: true }) username: string | null;
}

export class ActiveSanctionJson {
  @ApiProperty() sanctionId: string;
  @ApiProperty({ enum: ['ban', 'suspension'] }) type: string;
  @ApiProperty({ type: String, nullable: true }) expiresAt: string | null;
}

/** One user in the staff search. */
export class StaffUserJson {
  @ApiProperty() userId: string;
  @ApiProperty({ type: ProviderAccountJson, nullable: true }) chatapp: ProviderAccountJson | null;
  @ApiProperty({ type: ProviderAccountJson, nullable: true }) gameplatform: ProviderAccountJson | null;
  @ApiProperty({ description: 'Decimal bitfield.' }) permissions: string;
  @ApiProperty({ description: 'Every character, ended ones included.' }) characterCount: number;
  @ApiProperty({ type: ActiveSanctionJson, nullable: true, description: 'The active ban, else the active suspension.' })
  activeSanction: ActiveSanction | null;
  @ApiProperty({ type: [String] }) tags: string[];
}

export class StaffUserPageJson {
  @ApiProperty({ type: [StaffUserJson] }) users: StaffUserJson[];
  @ApiProperty({ type: String, nullable: true }) nextCursor: string | null;
}

export class OwnerJson {
  @ApiProperty() userId: string;
  @ApiProperty({ type: String, nullable: true, description: 'The chat username.' }) username: string | null;
}

export class StaffCharacterJson extends CharacterJson {
  @ApiProperty({ type: OwnerJson }) owner: OwnerJson;
}

export class StaffCharacterPageJson {
  @ApiProperty({ type: [StaffCharacterJson] }) characters: (CharacterJson & { owner: OwnerJson })[];
  @ApiProperty({ type: String, nullable: true }) nextCursor: string | null;
}

/** A provider link in the dossier, current or past. */
export class DossierLinkJson {
  @ApiProperty() providerId: string;
  @ApiProperty({ enum: ['chatapp', 'gameplatform'] }) providerName: string;
  @ApiProperty() externalId: string;
  @ApiProperty({ type: String, nullable: true }) username: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The profile the provider answered, as received.' })
  externalMetadata: Record<string, unknown>;
  @ApiProperty() linkedAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null while the link is current.' }) unlinkedAt: string | null;
}

export class DossierUserJson {
  @ApiProperty() userId: string;
  @ApiProperty({ description: 'Effective permissions: manual OR synced, less the staff bits a missing chat second factor voids.' }) permissions: string;
  @ApiProperty({ description: 'Set by PATCH /v1/users/:id and the command line.' }) manualPermissions: string;
  @ApiProperty({ description: 'Granted by the mapped chat roles held at the latest answer of the chat provider.' }) syncedPermissions: string;
  @ApiProperty({ type: String, nullable: true, description: 'Latest answer of the chat provider; a failed call leaves it.' }) syncedAt: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: '`mfa_enabled` of the chat profile at the latest sign-in; null when it never said.' })
  chatMfa: boolean | null;
  @ApiProperty() maxCharacters: number;
  @ApiProperty({ type: String, nullable: true }) activeCharacterId: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

export class DossierJson {
  @ApiProperty({ type: DossierUserJson }) user: DossierUserJson;
  @ApiProperty({ type: [DossierLinkJson] }) providers: DossierLinkJson[];
  @ApiProperty({ type: [CharacterJson] }) characters: CharacterJson[];
  @ApiProperty({ type: ActiveSanctionJson, nullable: true }) activeSanction: ActiveSanction | null;
  @ApiProperty({ type: [SanctionJson] }) sanctions: SanctionJson[];
  @ApiProperty({ type: [NoteJson] }) notes: NoteJson[];
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: [CharacterMembershipJson], description: "Every character's organisations" }) memberships: CharacterMembershipJson[];
  @ApiProperty({ type: [InvoiceJson], description: "Fines billed to the user's characters and still pending, newest first" }) pendingFines: InvoiceJson[];
  @ApiProperty({ type: [AuditEventJson], description: 'The 20 latest audit events about the user, their characters or sanctions, newest first.' })
  auditEvents: AuditEventJson[];
}

export class AdmissionBanJson {
  @ApiProperty({ type: String, nullable: true, description: 'Null for a permanent ban.' }) expiresAt: string | null;
}

/** The game server's "may this player join?" answer. */
export class AdmissionJson {
  @ApiProperty() allowed: boolean;
  @ApiProperty({ enum: ADMISSION_REASONS, nullable: true, description: 'Null when allowed.' }) reason: AdmissionReason | null;
  @ApiProperty({ type: String, nullable: true }) userId: string | null;
  @ApiProperty({ type: CharacterJson, nullable: true, description: 'The approved active character.' }) activeCharacter: CharacterJson | null;
  @ApiProperty({ type: AdmissionBanJson, nullable: true }) ban: AdmissionBanJson | null;
  @ApiProperty({ type: [MembershipJson], description: "The active character's organisations; empty without one" }) memberships: MembershipJson[];
}

/** The username a provider's profile shows: chat `username`, game `preferred_username` or `nickname`. */
export function usernameOf(link: ProviderLinkEntity): string | null {
  const metadata = link.externalMetadata;
  const value = link.providerName === 'chatapp' ? metadata.username : (metadata.preferred_username ?? metadata.nickname ?? metadata.name);
  return typeof value === 'string' ? value : null;
}

export function toProviderAccountJson(link: ProviderLinkEntity | undefined): ProviderAccountJson | null {
  return link ? { externalId: link.externalId, username: usernameOf(link) } : null;
}

export function toDossierLinkJson(link: ProviderLinkEntity): DossierLinkJson {
  return {
    providerId: link.id,
    providerName: link.providerName,
    externalId: link.externalId,
    username: usernameOf(link),
    externalMetadata: link.externalMetadata,
    linkedAt: link.createdAt.toISOString(),
    unlinkedAt: link.unlinkedAt?.toISOString() ?? null,
  };
}

export function toDossierUserJson(user: UserEntity, permissions: number, syncedAt: Date | null): DossierUserJson {
  return {
    userId: user.id,
    permissions: String(permissions),
    manualPermissions: String(user.permissions),
    syncedPermissions: String(user.syncedPermissions),
    syncedAt: syncedAt?.toISOString() ?? null,
    chatMfa: user.chatMfa,
    maxCharacters: user.maxCharacters,
    activeCharacterId: user.activeCharacterId,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
