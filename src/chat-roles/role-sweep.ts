import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { mapConcurrently } from '../common/concurrency';
import { RoundTimer } from '../common/round-timer';
import { AppConfig } from '../config/config';
import { ProcessRole } from '../config/process-role';
import { runExclusively } from '../database/exclusive-work';
import { SYSTEM_ACTOR } from '../events/domain-event';
import { UserRecords } from '../users/user-records.service';
import type { ChatMemberEntity } from './chat-member.entity';
import { ChatMembers, type QuietAnswer } from './chat-members';
import { ChatRoleSync } from './chat-role-sync.service';
import { type ChatRoleRules, RoleMappingsService } from './role-mappings.service';

/** Any fixed number: the PostgreSQL advisory lock held by the one instance sweeping. */
const SWEEP_LOCK_KEY = 720_451_995;
const RECENT_SIGN_IN_MS = 30 * 86_400_000;
const PAGE = 500;
/** Calls in flight at once: enough to sweep 10,000 members in seconds, few enough to leave the database to requests. */
const PARALLEL_CALLS = 2;
/** Rate-limited answers of one member tried again after the wait, before moving on. */
const ATTEMPTS = 5;

/**
 * Every `ROLE_SYNC_INTERVAL_MS` one instance syncs the members signed in within 30 days (decisions
 * §15): the instances take turns through an advisory lock and the time of the latest sweep, kept in
 * the database, so no two sweep at once or one interval twice. SQLite has one process.
 */
@Injectable()
export class RoleSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RoleSweep.name);
  private readonly rounds = new RoundTimer(() => this.round());

  constructor(
    private readonly config: AppConfig,
    private readonly role: ProcessRole,
    private readonly dataSource: DataSource,
    private readonly members: ChatMembers,
    private readonly mappings: RoleMappingsService,
    private readonly sync: ChatRoleSync,
    private readonly users: UserRecords,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.chatRoles && this.role.serves) this.rounds.after(this.config.chatRoles.syncIntervalMs);
  }

  onApplicationShutdown(): void {
    this.rounds.stop();
  }

  /** Sweeps now unless another instance is, or did within half an interval; answers how many members it synced. */
  async sweep(): Promise<number | null> {
    let synced: number | null = null;
    await runExclusively(this.dataSource, SWEEP_LOCK_KEY, async () => {
      const sweptAt = await this.mappings.sweptAt();
      if (sweptAt && Date.now() - sweptAt.getTime() < this.config.chatRoles!.syncIntervalMs / 2) return;
      await this.mappings.markSwept(new Date());
      synced = await this.syncRecentMembers();
    });
    return synced;
  }

  private async round(): Promise<void> {
    try {
      const started = Date.now();
      const synced = await this.sweep();
      if (synced !== null) this.logger.log(`role sweep: ${synced} members in ${Date.now() - started} ms`);
    } catch (error) {
      this.logger.error(`role sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.rounds.after(this.config.chatRoles!.syncIntervalMs);
  }

  private async syncRecentMembers(): Promise<number> {
    const rules = await this.mappings.rules();
    const since = new Date(Date.now() - RECENT_SIGN_IN_MS);
    let count = 0;
    for (let page = await this.members.signedInSince(since, undefined, PAGE); page.length > 0 && !this.rounds.isStopped; ) {
      await this.syncPage(page, rules);
      count += page.length;
      page = page.length < PAGE ? [] : await this.members.signedInSince(since, page[page.length - 1].userId, PAGE);
    }
    return count;
  }

  /** Most answers change no permission: those are written together, so a sweep's writes are few but for what changed. */
  private async syncPage(page: ChatMemberEntity[], rules: ChatRoleRules): Promise<void> {
    const syncedBits = new Map((await this.users.findMany(page.map((member) => member.userId))).map((user) => [user.id, user.syncedPermissions]));
    const quiet: QuietAnswer[] = [];
    const answeredAt = new Date();
    await mapConcurrently(page, PARALLEL_CALLS, async (member) => {
      const answer = await this.syncOne(member, rules, syncedBits.get(member.userId));
      if (answer) quiet.push(answer);
    });
    await this.members.recordQuietly(quiet, answeredAt);
  }

  /** The sweep waits out the provider's rate limit, however long, and asks again. */
  private async syncOne(member: ChatMemberEntity, rules: ChatRoleRules, syncedBits: number | undefined): Promise<QuietAnswer | null> {
    try {
      for (let attempt = 1; attempt <= ATTEMPTS && !this.rounds.isStopped; attempt++) {
        const { answer, quiet } = await this.sync.syncMember(member, rules, SYSTEM_ACTOR, Number.POSITIVE_INFINITY, syncedBits);
        if (answer.kind !== 'unavailable' || answer.retryAfterMs === undefined) return quiet;
      }
    } catch (error) {
      // One member failing (deleted meanwhile, a database hiccup) never ends the sweep of the others.
      this.logger.warn(`role sweep: user ${member.userId}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return null;
  }
}
