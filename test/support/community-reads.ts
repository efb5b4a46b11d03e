import { createHash } from 'node:crypto';
import type { TestApp } from './app';
import { bytesOf } from './files';

export type Reads = Record<string, { status: number; body: unknown }>;

interface Ids {
  users: { id: string }[];
  characters: { id: string; userId: string; avatarHash: string | null; fullBodyHash: string | null; avatar3dHash: string | null; idCardHash: string | null }[];
  wallets: { characterId: string }[];
  banks: { id: string; iconHash: string | null }[];
  accounts: { id: string; bankId: string }[];
  links: { externalId: string; providerName: string }[];
}

/** Every read the API offers of the community's users, characters (and their images), money, moderation and audit. */
export async function communityReads(t: TestApp, cookie: string): Promise<Reads> {
  const ids = await idsOf(t);
  const paths = [
    '/v1/staff/users?limit=100',
    '/v1/staff/characters?limit=100',
    '/v1/staff/characters/pending',
    '/v1/banks?limit=50',
    '/v1/service-keys',
    '/v1/webhooks',
    ...ids.users.flatMap(({ id }) => [`/v1/users/${id}`, `/v1/staff/users/${id}`, `/v1/users/${id}/sanctions`, `/v1/users/${id}/notes`]),
    ...ids.characters.map((c) => `/v1/users/${c.userId}/characters/${c.id}?signature=true`),
    ...ids.wallets.map((w) => `/v1/users/${ids.characters.find((c) => c.id === w.characterId)!.userId}/characters/${w.characterId}/wallet/statement?limit=100`),
    ...ids.banks.flatMap(({ id }) => [`/v1/banks/${id}`, `/v1/banks/${id}/ledger`, `/v1/banks/${id}/accounts`]),
    ...ids.accounts.flatMap((a) => [`/v1/banks/${a.bankId}/accounts/${a.id}`, `/v1/banks/${a.bankId}/accounts/${a.id}/statement?limit=100`]),
    ...ids.links.filter((link) => link.providerName === 'gameplatform').map((link) => `/v1/gameplatform/admission/${link.externalId}`),
  ];
  const reads: Reads = {};
  for (const path of paths) {
    const response = await t.http().get(path).set('Cookie', cookie);
    reads[path] = { status: response.status, body: response.body };
  }
  await auditPages(t, cookie, reads);
  for (const path of imagePaths(ids)) {
    const response = await bytesOf(t.http().get(path));
    reads[path] = { status: response.status, body: createHash('sha256').update(response.body).digest('hex') };
  }
  return reads;
}

async function auditPages(t: TestApp, cookie: string, reads: Reads): Promise<void> {
  let path: string | null = '/v1/audit?limit=100';
  while (path) {
    const response: { status: number; body: { nextBefore?: string | null } } = await t.http().get(path).set('Cookie', cookie);
    reads[path] = { status: response.status, body: response.body };
    path = response.body.nextBefore ? `/v1/audit?limit=100&before=${response.body.nextBefore}` : null;
  }
}

function imagePaths(ids: Ids): string[] {
  const paths = ids.characters.flatMap((c) => [
    c.avatarHash && `/v1/images/avatar-bust/${c.avatarHash}`,
    c.fullBodyHash && `/v1/images/avatar/${c.fullBodyHash}`,
    c.avatar3dHash && `/v1/images/avatars3d/${c.avatar3dHash}`,
    c.idCardHash && `/v1/images/ids/${c.idCardHash}`,
  ]);
  return [...paths, ...ids.banks.map((bank) => bank.iconHash && `/v1/images/icons/${bank.iconHash}`)].filter((path): path is string => Boolean(path));
}

async function idsOf(t: TestApp): Promise<Ids> {
  const query = (sql: string) => t.dataSource.query(sql);
  return {
    users: await query('SELECT "id" FROM "users" ORDER BY "id"'),
    characters: await query('SELECT "id", "userId", "avatarHash", "fullBodyHash", "avatar3dHash", "idCardHash" FROM "characters" ORDER BY "id"'),
    wallets: await query('SELECT "characterId" FROM "wallets" ORDER BY "characterId"'),
    banks: await query('SELECT "id", "iconHash" FROM "banks" ORDER BY "id"'),
    accounts: await query('SELECT "id", "bankId" FROM "bank_accounts" ORDER BY "id"'),
    links: await query('SELECT "externalId", "providerName" FROM "provider_links" ORDER BY "id"'),
  };
}
