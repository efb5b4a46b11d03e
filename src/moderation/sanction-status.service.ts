import { Injectable } from '@nestjs/common';
import type { Restriction, RestrictionCheck } from '../access/access.ports';
import type { SanctionJson } from './moderation.presenter';
import type { SanctionEntity } from './sanction.entity';
import { SanctionsRepository } from './sanctions.repository';

/** `activeSanction` of a search result and of the admission answer (decisions §12). */
export interface ActiveSanction {
  sanctionId: string;
  type: 'ban' | 'suspension';
  expiresAt: string | null;
}

/**
 * What other modules ask about sanctions: is this user banned or suspended right now. Expiry is
 * compared with the clock at each read, so nothing has to run when a sanction ends.
 */
@Injectable()
export class SanctionStatusService implements RestrictionCheck {
  constructor(private readonly sanctions: SanctionsRepository) {}

  /** The access core asks this before every state change of a signed-in user. */
  async restrictionOf(userId: string): Promise<Restriction | null> {
    const active = this.pick(await this.sanctions.activeOfUser(userId)).get(userId);
    if (!active) return null;
    if (active.type === 'ban') return { type: 'ban' };
    return { type: 'suspension', expiresAt: active.expiresAt === null ? null : new Date(active.expiresAt) };
  }

  /** The active ban, else the active suspension, of each user that has one (warnings never). */
  async activeOf(userIds: string[]): Promise<Map<string, ActiveSanction>> {
    return this.pick(await this.sanctions.active([...new Set(userIds)], ['ban', 'suspension']));
  }

  /** The same choice over one user's sanctions already read (the dossier reads them all anyway). */
  activeAmong(sanctions: SanctionJson[], now = Date.now()): ActiveSanction | null {
    const active = sanctions.map(fromJson).filter((sanction) => isActive(sanction, now));
    return this.pick(active).values().next().value ?? null;
  }

  private pick(active: SanctionEntity[]): Map<string, ActiveSanction> {
    const result = new Map<string, ActiveSanction>();
    for (const sanction of [...active].sort(byBanFirst)) {
      if (!result.has(sanction.userId)) result.set(sanction.userId, toActiveSanction(sanction));
    }
    return result;
  }

  async activeBan(userId: string): Promise<ActiveSanction | null> {
    const found = (await this.activeOf([userId])).get(userId);
    return found?.type === 'ban' ? found : null;
  }

  /** One of these users with an active ban and that ban, if any (ban evasion through a game account). */
  async anyBanned(userIds: string[]): Promise<{ userId: string; ban: ActiveSanction } | null> {
    const [ban] = [...(await this.sanctions.active([...new Set(userIds)], ['ban']))].sort(byBanFirst);
    return ban ? { userId: ban.userId, ban: toActiveSanction(ban) } : null;
  }
}

function fromJson(json: SanctionJson): SanctionEntity {
  return {
    ...json,
    id: json.sanctionId,
    type: json.type as SanctionEntity['type'],
    createdAt: new Date(json.createdAt),
    expiresAt: json.expiresAt === null ? null : new Date(json.expiresAt),
    revokedAt: json.revokedAt === null ? null : new Date(json.revokedAt),
  };
}

function isActive(sanction: SanctionEntity, now: number): boolean {
  return sanction.type !== 'warning' && sanction.revokedAt === null && (sanction.expiresAt === null || sanction.expiresAt.getTime() > now);
}

/** Bans before suspensions; within a type the one that lasts longest (null is permanent). */
function byBanFirst(a: SanctionEntity, b: SanctionEntity): number {
  if (a.type !== b.type) return a.type === 'ban' ? -1 : 1;
  return lastsUntil(b) - lastsUntil(a);
}

function lastsUntil(sanction: SanctionEntity): number {
  return sanction.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
}

function toActiveSanction(sanction: SanctionEntity): ActiveSanction {
  return { sanctionId: sanction.id, type: sanction.type as ActiveSanction['type'], expiresAt: sanction.expiresAt?.toISOString() ?? null };
}
