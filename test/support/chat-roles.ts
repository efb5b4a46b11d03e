import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { ChatRoleSettingsEntity } from '../../src/chat-roles/chat-role-settings.entity';
import type { TestApp } from './app';
import { FAKE_CLIENT, type FakeOAuthProvider } from './fake-oauth-provider';
import { cookieHeader } from './sign-in';

/** Role ids of the tests' chat community. */
export const ROLES = { whitelisted: '1100000000000000001', staff: '1100000000000000002', admin: '1100000000000000004' };

export interface ChatSignInResult {
  /** Where the callback sent the browser. */
  location: string;
  /** The browser's cookies afterwards (a session when it succeeded). */
  cookie: string;
  /** The user of that chat account, once there is one. */
  userId: string | undefined;
  /** How long the callback took. */
  ms: number;
}

/** A chatapp sign-in through a real upstream OAuth stand-in, whose profile says `chatId` (and `extra`). */
export async function chatSignIn(t: TestApp, oauth: FakeOAuthProvider, chatId: string, extra: Record<string, unknown> = {}): Promise<ChatSignInResult> {
  oauth.profile = { id: chatId, username: `member${chatId.slice(-4)}`, global_name: `Member ${chatId.slice(-4)}`, avatar: null, ...extra };
  const start = await t.http().post('/v1/oauth/chatapp').send({ redirectUrl: 'http://allowed.example/' });
  if (start.status !== 200) throw new Error(`start answered ${start.status}`);
  const started = Date.now();
  const cookie = cookieHeader(start);
  const callback = await t.http().get(`/v1/oauth/chatapp?state=${start.body.state}&code=${FAKE_CLIENT.code}`).set('Cookie', cookie);
  const ms = Date.now() - started;
  const link = await t.dataSource.getRepository(ProviderLinkEntity).findOneBy({ providerName: 'chatapp', externalId: chatId });
  return { location: callback.headers.location as string, cookie: cookieHeader(callback, cookie), userId: link?.userId, ms };
}

/** The stored role mappings, straight from their table (null: never set). */
export function storedRules(t: TestApp): Promise<ChatRoleSettingsEntity | null> {
  return t.dataSource.getRepository(ChatRoleSettingsEntity).findOneBy({ id: 1 });
}

/** Whether each unrevoked session of the user is still active. */
export async function sessionStates(t: TestApp, userId: string): Promise<{ active: boolean; revoked: boolean }[]> {
  const sessions = await t.dataSource.getRepository(SessionEntity).findBy({ userId });
  return sessions.map((session) => ({ active: session.active, revoked: session.revokedAt !== null }));
}
