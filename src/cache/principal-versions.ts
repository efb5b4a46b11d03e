import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/config';
import { TransactionRunner } from '../database/transaction-runner';
import { SHORT_LIVED_STORE } from './cache.tokens';
import { LocalVersions } from './local-versions';
import type { SharedValues, ShortLivedStore } from './short-lived-stores';

/** Far longer than any copy lives (see RecentSessions), so an expired version is never one a copy was tagged with. */
const VERSION_TTL_MS = 24 * 60 * 60 * 1000;
const EPOCH_TTL_MS = 30 * VERSION_TTL_MS;
/** How often versions that could not be moved (the store was away) are tried again. */
const RETRY_MS = 250;

/**
 * The version of what a signed-in user's requests are authenticated from: the user's row and the
 * user's sessions. Every change to either moves it in the shared store, before its transaction
 * commits and again once it has. So a copy of those rows, tagged with the version read before the
 * rows were, is current on any instance for exactly as long as the version reads the same. The
 * store's epoch is part of every version: a store that lost its data (a Redis restarted empty)
 * makes every copy stale. A single instance on SQLite keeps its versions itself (LocalVersions);
 * on PostgreSQL without a shared store there is no version and nothing is copied.
 * A store that is away fails no change: while it is, no version can be read, so every instance
 * reads the rows themselves; the versions it missed are moved as soon as it answers again.
 */
@Injectable()
export class PrincipalVersions {
  private readonly logger = new Logger(PrincipalVersions.name);
  /** Where the versions are kept: the shared store, or this process (LocalVersions). */
  private readonly kept?: SharedValues;
  private readonly epochKey: string;
  /** Users whose version could not be moved yet. */
  private readonly unmoved = new Set<string>();
  private retry?: NodeJS.Timeout;

  constructor(
    @Inject(SHORT_LIVED_STORE) store: ShortLivedStore,
    private readonly config: AppConfig,
    private readonly transactions: TransactionRunner,
    dataSource: DataSource,
  ) {
    this.kept = store.shared ?? LocalVersions.of(dataSource);
    this.epochKey = `${config.redisKeyPrefix}principal-epoch`;
  }

  /** The user's version now; undefined when it cannot be known (no store of versions, or it failed or just lost its data). */
  async current(userId: string): Promise<string | undefined> {
    if (!this.kept) return undefined;
    try {
      const [epoch, version] = await this.kept.read([this.epochKey, this.keyOf(userId)]);
      if (epoch !== null) return `${epoch}:${version ?? ''}`;
      await this.kept.write(this.epochKey, newVersion(), EPOCH_TTL_MS, 'NX');
    } catch {
      // Unknown (the store failed, or is taken as away after a failure): the caller reads the
      // rows themselves, which the outage does not stop.
    }
    return undefined;
  }

  /** The users' rows or sessions change in `manager`'s transaction. */
  async moved(manager: EntityManager, userIds: string[]): Promise<void> {
    if (!this.kept || userIds.length === 0) return;
    await this.move(userIds);
    this.transactions.afterCommit(manager, () => this.move(userIds));
  }

  private async move(userIds: string[]): Promise<void> {
    await Promise.all([...new Set(userIds)].map((userId) => this.moveOne(userId)));
  }

  private async moveOne(userId: string): Promise<void> {
    try {
      await this.kept!.write(this.keyOf(userId), newVersion(), VERSION_TTL_MS);
    } catch {
      this.unmoved.add(userId);
      this.retry ??= setInterval(() => void this.moveUnmoved(), RETRY_MS).unref();
    }
  }

  private async moveUnmoved(): Promise<void> {
    const userIds = [...this.unmoved];
    this.unmoved.clear();
    await this.move(userIds);
    if (this.unmoved.size > 0) return;
    clearInterval(this.retry);
    this.retry = undefined;
    this.logger.log(`moved the principal versions of ${userIds.length} users changed while the shared store was away`);
  }

  private keyOf(userId: string): string {
    return `${this.config.redisKeyPrefix}principal-version:${userId}`;
  }
}

function newVersion(): string {
  return randomBytes(9).toString('base64url');
}
