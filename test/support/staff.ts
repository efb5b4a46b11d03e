import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { Permission } from '../../src/common/permissions/permission';
import type { TestApp } from './app';
import { aSignedInUser } from './character-fixtures';
import { signInThroughDevProvider } from './sign-in';

/** A signed-in member of staff with these bits (beside USER). */
export function aStaffMember(t: TestApp, ...bits: Permission[]) {
  return aSignedInUser(t, { permissions: bits.reduce((all, bit) => all | bit, Permission.USER) });
}

/** A player who signed in through the chat provider (and linked a game account when `gameId` is given). */
export async function aChatPlayer(t: TestApp, chat: { username: string; id: string; displayName?: string }, gameId?: string) {
  const signedIn = await signInThroughDevProvider(t, chat);
  let cookie = signedIn.cookie;
  if (gameId) {
    const linked = await signInThroughDevProvider(t, { provider: 'gameplatform', username: `${chat.username}-game`, id: gameId, cookie });
    cookie = linked.cookie;
  }
  const link = await t.dataSource.getRepository(ProviderLinkEntity).findOneByOrFail({ providerName: 'chatapp', externalId: chat.id });
  return { userId: link.userId, cookie };
}

/** An instant `ms` from now, as the API takes it. */
export function inMs(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

