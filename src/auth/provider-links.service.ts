import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, IsNull, type Repository, type SelectQueryBuilder } from 'typeorm';
import { prefixUpperBound } from '../common/search-text';
import { ProviderLinkEntity, type ProviderName } from './provider-link.entity';

/** A position in a list ordered by (key, userId): the staff search's cursor. */
export interface KeyedPosition {
  key: string;
  id: string;
}

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

  /**
   * Chat accounts whose username or display name key starts with `prefix`, ordered by the
   * smaller matching key then user id, after `after`. Each name has its own index range; a user
   * whose two names both match comes from the range of the smaller one only, so never twice.
   */
  async searchChatNames(prefix: string, after: KeyedPosition | undefined, limit: number): Promise<KeyedPosition[]> {
    const [byUsername, byDisplayName] = await Promise.all([
      this.nameRange('searchUsername', 'searchDisplayName', '<', prefix, after, limit).getMany(),
      this.nameRange('searchDisplayName', 'searchUsername', '<=', prefix, after, limit).getMany(),
    ]);
    const found = [
      ...byUsername.map((link) => ({ key: link.searchUsername!, id: link.userId })),
      ...byDisplayName.map((link) => ({ key: link.searchDisplayName!, id: link.userId })),
    ];
    return found.sort(keyedOrder(this.links.manager.connection.options.type === 'postgres')).slice(0, limit);
  }

  private nameRange(
    column: 'searchUsername' | 'searchDisplayName',
    other: 'searchUsername' | 'searchDisplayName',
    otherWins: '<' | '<=',
    prefix: string,
    after: KeyedPosition | undefined,
    limit: number,
  ): SelectQueryBuilder<ProviderLinkEntity> {
    const params = { lo: prefix, hi: prefixUpperBound(prefix) };
    const query = this.links
      .createQueryBuilder('link')
      .select(['link.userId', `link.${column}`])
      .where(`link.${column} >= :lo AND link.${column} < :hi`, params)
      .andWhere(`NOT (link.${other} IS NOT NULL AND link.${other} >= :lo AND link.${other} < :hi AND link.${other} ${otherWins} link.${column})`)
      .andWhere("link.providerName = 'chatapp' AND link.unlinkedAt IS NULL");
    if (after) {
      query.andWhere(
        new Brackets((q) =>
          q.where(`link.${column} > :afterKey`, { afterKey: after.key }).orWhere(`link.${column} = :afterKey AND link.userId > :afterId`, { afterId: after.id }),
        ),
      );
    }
    return query.orderBy(`link.${column}`, 'ASC').addOrderBy('link.userId', 'ASC').limit(limit);
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
