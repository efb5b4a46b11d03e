import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, IsNull, type Repository } from 'typeorm';
import type { KeyedPosition } from '../common/pagination';
import { chatNameTerms, prefixUpperBound } from '../common/search-text';
import { ProviderLinkEntity, type ProviderName } from './provider-link.entity';
import { UserNameTermEntity } from './user-name-term.entity';

/** What other modules read of provider links (the staff search, the dossier, admission). */
@Injectable()
export class ProviderLinksService {
  constructor(@InjectRepository(ProviderLinkEntity) private readonly links: Repository<ProviderLinkEntity>) {}

  /** The current link of this external account, if any. */
  current(providerName: ProviderName, externalId: string): Promise<ProviderLinkEntity | null> {
    return this.links.findOneBy({ providerName, externalId, unlinkedAt: IsNull() });
  }

  /** Every user this external account was ever linked to, the current one included. */
  async everLinkedUsers(providerName: ProviderName, externalId: string): Promise<string[]> {
    const rows = await this.links.find({ where: { providerName, externalId }, select: { userId: true } });
    return [...new Set(rows.map((row) => row.userId))];
  }

  /** Users whose current chat or game account has exactly this external id. */
  async usersByExternalId(externalId: string): Promise<string[]> {
    const rows = await this.links.find({
      where: { providerName: In(['chatapp', 'gameplatform']), externalId, unlinkedAt: IsNull() },
      select: { userId: true },
    });
    return rows.map((row) => row.userId);
  }

  /** The links of these users, oldest first; past (unlinked) ones only when asked. */
  ofUsers(userIds: string[], options: { includePast?: boolean } = {}): Promise<ProviderLinkEntity[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.links.find({
      where: { userId: In([...new Set(userIds)]), ...(options.includePast ? {} : { unlinkedAt: IsNull() }) },
      order: { id: 'ASC' },
    });
  }

  /** Rewrites the keys the staff search finds the user by; every chat profile change comes here. */
  async indexChatNames(manager: EntityManager, userId: string, metadata: Record<string, unknown>): Promise<void> {
    await manager.delete(UserNameTermEntity, { userId });
    const terms = chatNameTerms(metadata);
    if (terms.length) await manager.insert(UserNameTermEntity, terms.map((term) => ({ term, userId })));
  }

  /**
   * Users whose chat username or display name key starts with `prefix`, ordered by key then user
   * id, after `after`: one index range. A user whose two names both match is found by the
   * smaller key only, so never twice.
   */
  async searchChatNames(prefix: string, after: KeyedPosition | undefined, limit: number): Promise<KeyedPosition[]> {
    const query = this.links.manager
      .createQueryBuilder(UserNameTermEntity, 't')
      .select('t.term', 'term')
      .addSelect('t.userId', 'userId')
      .where('t.term >= :lo AND t.term < :hi', { lo: prefix, hi: prefixUpperBound(prefix) })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM "user_name_terms" "earlier"
          WHERE "earlier"."userId" = "t"."userId" AND "earlier"."term" >= :lo AND "earlier"."term" < "t"."term")`,
      );
    if (after) query.andWhere('(t.term > :afterKey OR (t.term = :afterKey AND t.userId > :afterId))', { afterKey: after.key, afterId: after.id });
    const rows = await query.orderBy('t.term', 'ASC').addOrderBy('t.userId', 'ASC').limit(limit).getRawMany<{ term: string; userId: string }>();
    return rows.map((row) => ({ key: row.term, id: String(row.userId) }));
  }
}

/**
 * The databases' order of (key, id): keys byte by byte (UTF-8 order is code point order); ids as
 * numbers on PostgreSQL, as strings on SQLite, where they are varchar.
 */
export function keyedOrder(numericIds: boolean): (a: KeyedPosition, b: KeyedPosition) => number {
  return (a, b) => compareCodePoints(a.key, b.key) || compareIds(a.id, b.id, numericIds);
}

function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = left[i].codePointAt(0)! - right[i].codePointAt(0)!;
    if (diff) return diff;
  }
  return left.length - right.length;
}

function compareIds(a: string, b: string, numeric: boolean): number {
  if (numeric && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
