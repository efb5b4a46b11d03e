import { Injectable } from '@nestjs/common';
import { PrincipalVersions } from '../cache/principal-versions';
import type { UserEntity } from '../users/user.entity';
import type { SessionEntity } from './session.entity';

/** A copy is dropped after this long even if its version still reads the same: the bound on a version that failed to move. */
const COPY_MAX_AGE_MS = 60_000;
/** Copies this process keeps; the oldest goes first. Some 2 KiB each. */
const MAX_COPIES = 5_000;

/** The rows a request was authenticated from, as they were at `version`. */
export interface SignedInRows {
  session: SessionEntity;
  user: UserEntity;
}

interface Copy extends SignedInRows {
  version: string;
  storedAt: number;
}

/**
 * Copies of the session and user rows of recent requests, by access-token hash, each tagged with
 * the user's principal version read before the rows were. A copy serves a request only while the
 * version still reads the same, so a revocation, a ban, a permission change or a sign-out on any
 * instance applies on the very next request, here too: the request pays one read of the shared
 * store (on SQLite, of the process's own versions) instead of two of the database. With no version
 * to read (PostgreSQL without a shared store), nothing is kept.
 */
@Injectable()
export class RecentSessions {
  private readonly copies = new Map<string, Copy>();

  constructor(private readonly versions: PrincipalVersions) {}

  /**
   * The user's version now. When it cannot be read (the shared store is away), every copy goes:
   * a change made meanwhile may not have moved its version yet when the store answers again.
   */
  async versionOf(userId: string): Promise<string | undefined> {
    const version = await this.versions.current(userId);
    if (version === undefined) this.copies.clear();
    return version;
  }

  find(accessTokenHash: string, version: string): SignedInRows | undefined {
    const copy = this.copies.get(accessTokenHash);
    if (!copy) return undefined;
    if (copy.version === version && Date.now() - copy.storedAt <= COPY_MAX_AGE_MS) return copy;
    this.copies.delete(accessTokenHash);
    return undefined;
  }

  /** Frozen: a request that changed a shared copy would change what the next one is authenticated from. */
  keep(accessTokenHash: string, version: string, { session, user }: SignedInRows): void {
    if (this.copies.size >= MAX_COPIES) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(accessTokenHash, { version, session: Object.freeze(session), user: Object.freeze(user), storedAt: Date.now() });
  }
}
