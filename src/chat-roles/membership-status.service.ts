import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config';
import type { UserEntity } from '../users/user.entity';
import { ChatMembers } from './chat-members';
import { membershipRefusal } from './membership-gate';
import { RoleMappingsService } from './role-mappings.service';

/** Whether the community's membership rules hold a user back now, on what the provider last said. */
@Injectable()
export class MembershipStatus {
  constructor(
    private readonly config: AppConfig,
    private readonly members: ChatMembers,
    private readonly mappings: RoleMappingsService,
  ) {}

  /**
   * Admission's `not_a_member` or `missing_role` (decisions §15), or null. A user the provider
   * never answered about is not refused here: the game server cannot wait for the provider, and
   * sign-in already keeps such users out while gating is on.
   */
  /** When the chat provider last answered about the user; null when it never did. */
  async syncedAt(userId: string): Promise<Date | null> {
    return (await this.members.find(userId))?.syncedAt ?? null;
  }

  async admissionRefusal(user: UserEntity): Promise<'not_a_member' | 'missing_role' | null> {
    if (!this.config.chatRoles) return null;
    const [rules, member] = await Promise.all([this.mappings.rules(), this.members.find(user.id)]);
    if (!member?.syncedAt) return null;
    const refusal = membershipRefusal(rules, { known: true, roleIds: member?.roleIds ?? null, pending: member?.pending ?? false });
    return refusal === 'unavailable' ? null : refusal;
  }
}
