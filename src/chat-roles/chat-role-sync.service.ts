import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/config';
import { TransactionRunner } from '../database/transaction-runner';
import type { Principal } from '../access/principal';
import { UnknownUser } from '../common/errors/domain-error';
import { actorOf, type EventActor } from '../events/domain-event';
import { DomainEvents } from '../events/domain-events';
import { UserRecords } from '../users/user-records.service';
import { UsersService } from '../users/users.service';
import { ChatMemberClient, type MemberAnswer } from './chat-member-client';
import type { ChatMemberEntity } from './chat-member.entity';
import { ChatMembers, type QuietAnswer } from './chat-members';
import { ChatRolesOff } from './chat-roles.errors';
import { syncFieldsOf, type UserSyncJson } from './user-sync.json';
import { type KnownMembership, type MembershipRefusal, membershipRefusal } from './membership-gate';
import { bitsOfRoles, type ChatRoleRules, RoleMappingsService } from './role-mappings.service';

/** A chatapp sign-in, as the OAuth callback hands it over once the user is known. */
export interface ChatSignIn {
  userId: string;
  chatUserId: string;
  /** The sign-in created the user: its first permissions are no change to record (decisions §12). */
  created: boolean;
  /** `mfa_enabled` of the chat profile; absent when the profile did not say. */
  chatMfa?: boolean;
}

/** What one sync found: the provider's answer, kept or not. */
export type SyncOutcome = MemberAnswer['kind'];

/**
 * Follows the chat provider (decisions §15): at sign-in, on staff request and in the sweep, the
 * member's roles become synced bits. Only a confirmed answer changes them: a failure keeps the
 * last synced bits and `syncedAt`, and only a 404 (left the community) removes them.
 */
@Injectable()
export class ChatRoleSync {
  constructor(
    private readonly config: AppConfig,
    private readonly client: ChatMemberClient,
    private readonly mappings: RoleMappingsService,
    private readonly members: ChatMembers,
    private readonly users: UsersService,
    private readonly records: UserRecords,
    private readonly transactions: TransactionRunner,
    private readonly events: DomainEvents,
  ) {}

  /** Records the sign-in, syncs, and answers why the rules refuse it (null: they do not). */
  async atSignIn(signIn: ChatSignIn): Promise<MembershipRefusal | null> {
    const actor: EventActor | null = signIn.created ? null : { type: 'user', id: signIn.userId };
    if (!this.client.enabled) {
      await this.transactions.run((manager) => this.users.applyChatSync(manager, signIn.userId, { chatMfa: signIn.chatMfa }, actor));
      return null;
    }
    // A sign-in never waits past UPSTREAM_TIMEOUT_MS for the provider, its rate limit included.
    const answer = await this.client.member(signIn.chatUserId, { deadline: Date.now() + this.config.upstreamTimeoutMs });
    const rules = await this.mappings.rules();
    const membership = await this.store({ userId: signIn.userId, chatUserId: signIn.chatUserId, signedIn: true }, answer, rules, actor, signIn.chatMfa);
    return membershipRefusal(rules, membership);
  }

  /** `POST /v1/users/:userId/sync`: the sync now, within UPSTREAM_TIMEOUT_MS, and what it left. */
  async onRequest(caller: Principal, userId: string): Promise<UserSyncJson> {
    if (!this.client.enabled) throw new ChatRolesOff();
    const member = await this.members.find(userId);
    if (!member) throw new UnknownUser();
    const { answer } = await this.syncMember(member, await this.mappings.rules(), actorOf(caller), Date.now() + this.config.upstreamTimeoutMs);
    const [user, synced] = await Promise.all([this.records.require(userId), this.members.find(userId)]);
    return { userId, outcome: answer.kind, ...syncFieldsOf(user, this.records.permissionsOf(user), synced?.syncedAt ?? null) };
  }

  /**
   * One member's sync outside sign-in (staff request, sweep), waiting for the rate limit until
   * `deadline`. A failure writes nothing. Given the user's synced bits as read with `member`, an
   * answer that changes no permission and records nothing is not written here but handed back
   * (`quiet`), for the sweep to write many at once.
   */
  async syncMember(
    member: ChatMemberEntity,
    rules: ChatRoleRules,
    actor: EventActor,
    deadline: number,
    syncedBits?: number,
  ): Promise<{ answer: MemberAnswer; quiet: QuietAnswer | null }> {
    const answer = await this.client.member(member.chatUserId, { deadline });
    if (answer.kind === 'unavailable') return { answer, quiet: null };
    if (syncedBits !== undefined && bitsOfRoles(rules, rolesOf(answer)) === syncedBits && !leaves(member, answer)) {
      return { answer, quiet: { userId: member.userId, roleIds: answer.kind === 'member' ? answer.roleIds : null, pending: answer.kind === 'member' && answer.pending } };
    }
    await this.store({ userId: member.userId, chatUserId: member.chatUserId, signedIn: false }, answer, rules, actor);
    return { answer, quiet: null };
  }

  private store(
    who: { userId: string; chatUserId: string; signedIn: boolean },
    answer: MemberAnswer,
    rules: ChatRoleRules,
    actor: EventActor | null,
    chatMfa?: boolean,
  ): Promise<KnownMembership> {
    // The member row first, then the user's (UsersService locks it): the one lock order of every sync.
    return this.transactions.run(async (manager) => {
      const previous = await this.members.lock(manager, who.userId);
      const last: KnownMembership = { known: Boolean(previous?.syncedAt), roleIds: previous?.roleIds ?? null, pending: previous?.pending ?? false };
      const answered = answer.kind !== 'unavailable';
      const now: KnownMembership = answered
        ? { known: true, roleIds: answer.kind === 'member' ? answer.roleIds : null, pending: answer.kind === 'member' && answer.pending }
        : last;
      const syncedPermissions = answered ? bitsOfRoles(rules, rolesOf(answer)) : undefined;
      await this.users.applyChatSync(manager, who.userId, { syncedPermissions, chatMfa }, actor);
      await this.members.save(manager, {
        userId: who.userId,
        chatUserId: who.chatUserId,
        signedInAt: who.signedIn || !previous ? new Date() : previous.signedInAt,
        syncedAt: answered ? new Date() : (previous?.syncedAt ?? null),
        roleIds: now.roleIds,
        pending: now.pending,
      });
      if (actor && leaves(previous, answer)) await this.recordLeaving(manager, who, rules, actor);
      return now;
    });
  }

  /** A member found gone: recorded once; with `requireMembership` their sessions end (the auth module reacts). */
  private async recordLeaving(manager: EntityManager, who: { userId: string; chatUserId: string }, rules: ChatRoleRules, actor: EventActor): Promise<void> {
    await this.events.publish(manager, {
      action: 'user.membership_lost',
      actor,
      subject: { type: 'user', id: who.userId },
      data: { chatUserId: who.chatUserId, sessionsRevoked: rules.requireMembership },
    });
  }
}

function rolesOf(answer: MemberAnswer): string[] {
  return answer.kind === 'member' ? answer.roleIds : [];
}

/** A 404 for someone not already known to be gone: they left the community now. */
function leaves(member: ChatMemberEntity | null, answer: MemberAnswer): boolean {
  return answer.kind === 'not_member' && !(member?.syncedAt && member.roleIds === null);
}
