import { createHash } from 'node:crypto';
import type { ProviderName } from '../auth/provider-link.entity';

/** A person as the development providers describe them. */
export interface DevIdentity {
  id: string;
  username: string;
  displayName: string;
}

export interface DevProviderSpec {
  name: ProviderName;
  /** Path of its profile endpoint under `/dev/<name>/`. */
  profilePath: string;
  presets: DevIdentity[];
  /** Whether it stands for a chat community with members and roles (the member endpoint, decisions §15). */
  hasCommunity: boolean;
  /** The profile JSON in the real provider's shape (decisions §3). */
  profileOf(identity: DevIdentity): Record<string, unknown>;
}

export const DEV_PROVIDERS: Record<ProviderName, DevProviderSpec> = {
  chatapp: {
    name: 'chatapp',
    profilePath: 'users/@me',
    hasCommunity: true,
    presets: [
      { id: '200000000000000001', username: 'ana', displayName: 'Ana' },
      { id: '200000000000000002', username: 'bruno', displayName: 'Bruno' },
      { id: '200000000000000003', username: 'carla', displayName: 'Carla' },
    ],
    profileOf: (identity) => ({
      id: identity.id,
      username: identity.username,
      global_name: identity.displayName,
      avatar: null,
    }),
  },
  gameplatform: {
    name: 'gameplatform',
    profilePath: 'oauth/userinfo',
    hasCommunity: false,
    presets: [
      { id: '3000000001', username: 'ana_plays', displayName: 'Ana' },
      { id: '3000000002', username: 'bruno_plays', displayName: 'Bruno' },
    ],
    profileOf: (identity) => ({
      sub: identity.id,
      name: identity.displayName,
      nickname: identity.displayName,
      preferred_username: identity.username,
      picture: null,
    }),
  },
};

const USERNAME = /^[A-Za-z0-9_.-]{1,32}$/;
const EXTERNAL_ID = /^[1-9]\d{0,19}$/;

/** The identity a person typed, or an explanation of what is wrong with it. */
export function typedIdentity(
  provider: ProviderName,
  form: Record<string, unknown>,
): DevIdentity | { problem: string } {
  const username = text(form.username);
  if (!USERNAME.test(username)) return { problem: 'A username is 1 to 32 letters, digits, dots, dashes or underscores.' };
  const id = text(form.id) || derivedId(provider, username);
  if (!EXTERNAL_ID.test(id)) return { problem: 'An id is 1 to 20 digits, not starting with 0 (or leave it empty).' };
  const displayName = text(form.display_name) || username;
  if (displayName.length > 64) return { problem: 'A display name is at most 64 characters.' };
  return { id, username, displayName };
}

/** The same username always signs in as the same account. */
export function derivedId(provider: ProviderName, username: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(`${provider}:${username}`).digest('hex').slice(0, 15)}`);
  return String(100_000_000_000_000n + (digits % 900_000_000_000_000n));
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
