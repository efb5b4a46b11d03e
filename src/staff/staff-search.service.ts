import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { keyedOrder, ProviderLinksService } from '../auth/provider-links.service';
import { CHARACTER_STATUSES, CharacterDirectory } from '../characters/character-directory.service';
import type { IdStatus } from '../characters/character.entity';
import { invalidField } from '../common/errors/domain-error';
import { isSnowflake } from '../common/ids';
import { searchKey, searchWords } from '../common/search-text';
import { AppConfig } from '../config/config';
import { SanctionStatusService } from '../moderation/sanction-status.service';
import { ModerationRecords } from '../moderation/moderation-records.service';
import { UserRecords } from '../users/user-records.service';
import { cursorPage, decodeCursor, encodeCursor, type KeyedPosition } from '../common/pagination';
import type { CharacterSearchQuery, UserSearchQuery } from './staff.dto';
import { type StaffCharacterPageJson, type StaffUserJson, type StaffUserPageJson, toProviderAccountJson, usernameOf } from './staff.presenter';

/** Name matches read per round when a tag filters them; a page stops after this many rounds. */
const TAGGED_BATCH = 200;
const TAGGED_ROUNDS = 5;

interface Scan {
  found: KeyedPosition[];
  /** Set when the scan stopped before the end: the next page resumes there. */
  resumeAt?: KeyedPosition;
}

/** The staff search over users and characters (decisions §11–12), each page a fixed number of queries. */
@Injectable()
export class StaffSearchService {
  private readonly order: (a: KeyedPosition, b: KeyedPosition) => number;

  constructor(
    dataSource: DataSource,
    private readonly links: ProviderLinksService,
    private readonly users: UserRecords,
    private readonly characters: CharacterDirectory,
    private readonly sanctions: SanctionStatusService,
    private readonly moderation: ModerationRecords,
    private readonly config: AppConfig,
  ) {
    this.order = keyedOrder(dataSource.options.type === 'postgres');
  }

  async findUsers(query: UserSearchQuery): Promise<StaffUserPageJson> {
    const tag = this.knownTag(query.tag);
    const after = decodeCursor(query.cursor);
    const q = query.q?.trim();
    const scan = q ? await this.matchingUsers(q, tag, after, query.limit + 1) : await this.allUsers(tag, after, query.limit + 1);
    const { page, next: nextCursor } = cursorPage(scan.found, query.limit, encodeCursor);
    return {
      users: await this.presentUsers(page.map((position) => position.id)),
      nextCursor: nextCursor ?? (scan.resumeAt ? encodeCursor(scan.resumeAt) : null),
    };
  }

  async findCharacters(query: CharacterSearchQuery): Promise<StaffCharacterPageJson> {
    const statuses = parseStatuses(query.status);
    if (query.userId !== undefined && !isSnowflake(query.userId)) throw invalidField('userId', 'userId must be a user id');
    const [word] = query.q === undefined ? [] : searchWords(query.q);
    const found = await this.characters.search({
      prefix: query.q === undefined ? undefined : (word ?? ''),
      statuses,
      userId: query.userId,
      after: decodeCursor(query.cursor),
      limit: query.limit + 1,
    });
    const { page, next: nextCursor } = cursorPage(found, query.limit, encodeCursor);
    const entities = await this.characters.findMany(page.map((position) => position.id));
    const [json, owners] = await Promise.all([this.characters.present(entities), this.links.ofUsers(entities.map((c) => c.userId))]);
    const chatOf = new Map(owners.filter((link) => link.providerName === 'chatapp').map((link) => [link.userId, usernameOf(link)]));
    return {
      characters: json.map((character) => ({ ...character, owner: { userId: character.userId, username: chatOf.get(character.userId) ?? null } })),
      nextCursor,
    };
  }

  /** Exact ids first (sort key ''), then chat names by prefix; a tag filters both. */
  private async matchingUsers(q: string, tag: string | undefined, after: KeyedPosition | undefined, wanted: number): Promise<Scan> {
    const exact = (await this.exactUsers(q)).map((id) => ({ key: '', id })).sort(this.order);
    const exactIds = new Set(exact.map((position) => position.id));
    const holders = tag ? await this.moderation.tagHolders(tag, [...exactIds]) : undefined;
    const found = exact.filter((p) => (!after || this.order(p, after) > 0) && (!holders || holders.has(p.id)));
    const prefix = searchKey(q);
    let cursor = after && after.key !== '' ? after : undefined;
    const batch = tag ? TAGGED_BATCH : wanted + exact.length;
    for (let round = 0; found.length < wanted; round++) {
      if (round === TAGGED_ROUNDS) return { found, resumeAt: cursor };
      const names = await this.links.searchChatNames(prefix, cursor, batch);
      const fresh = names.filter((position) => !exactIds.has(position.id));
      const tagged = tag ? await this.moderation.tagHolders(tag, fresh.map((position) => position.id)) : undefined;
      found.push(...fresh.filter((position) => !tagged || tagged.has(position.id)));
      if (names.length < batch) break;
      cursor = names[names.length - 1];
    }
    return { found };
  }

  private async allUsers(tag: string | undefined, after: KeyedPosition | undefined, wanted: number): Promise<Scan> {
    const ids = tag
      ? await this.moderation.usersWithTag(tag, after?.id, wanted)
      : (await this.users.page(after?.id, wanted)).map((user) => user.id);
    return { found: ids.map((id) => ({ key: '', id })) };
  }

  /** A user id, chat id or game-platform id equal to `q`. */
  private async exactUsers(q: string): Promise<string[]> {
    const [byLink, byId] = await Promise.all([
      this.links.usersByExternalId(q),
      isSnowflake(q) ? this.users.find(q) : Promise.resolve(null),
    ]);
    return [...new Set([...(byId ? [byId.id] : []), ...byLink])];
  }

  private async presentUsers(userIds: string[]): Promise<StaffUserJson[]> {
    const [users, links, counts, sanctions, tags] = await Promise.all([
      this.users.findMany(userIds),
      this.links.ofUsers(userIds),
      this.characters.countsOfUsers(userIds),
      this.sanctions.activeOf(userIds),
      this.moderation.tagsOf(userIds),
    ]);
    const byId = new Map(users.map((user) => [user.id, user]));
    return userIds.flatMap((userId) => {
      const user = byId.get(userId);
      if (!user) return [];
      const own = links.filter((link) => link.userId === userId);
      return {
        userId,
        chatapp: toProviderAccountJson(own.find((link) => link.providerName === 'chatapp')),
        gameplatform: toProviderAccountJson(own.find((link) => link.providerName === 'gameplatform')),
        permissions: String(this.users.permissionsOf(user)),
        characterCount: counts.get(userId) ?? 0,
        activeSanction: sanctions.get(userId) ?? null,
        tags: tags.get(userId) ?? [],
      };
    });
  }

  private knownTag(tag: string | undefined): string | undefined {
    if (tag === undefined) return undefined;
    const lowered = tag.trim().toLowerCase();
    if (!this.config.staffTags.includes(lowered)) throw invalidField('tag', `tag must be one of ${this.config.staffTags.join(', ')}`);
    return lowered;
  }
}

function parseStatuses(status: string | undefined): IdStatus[] | undefined {
  if (status === undefined) return undefined;
  const statuses = [...new Set(status.split(',').map((s) => s.trim()).filter(Boolean))];
  const unknown = statuses.filter((s) => !(CHARACTER_STATUSES as readonly string[]).includes(s));
  if (unknown.length || statuses.length === 0) throw invalidField('status', `status must list some of ${CHARACTER_STATUSES.join(', ')}`);
  return statuses as IdStatus[];
}
