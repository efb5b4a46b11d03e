/**
 * The two instants of an access token's life, to the millisecond, which a test over HTTP cannot
 * pin: a token is dead from the instant it expires, and renewed from the instant it comes within
 * RENEWAL_WINDOW_MS of it. The authenticator runs here on stand-ins for its collaborators, with a
 * fixed clock.
 */
import { AuthError } from '../../src/access/access.errors';
import { RENEWAL_WINDOW_MS, SessionAuthenticator } from '../../src/auth/session-authenticator';
import type { SessionEntity } from '../../src/auth/session.entity';
import { newToken } from '../../src/auth/tokens';
import type { UserEntity } from '../../src/users/user.entity';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const USER_ID = '385041365366472704';

function authenticatorWith(accessExpiresAt: number) {
  const session = { id: '1', userId: USER_ID, active: true, rotatedAt: null, revokedAt: null, accessExpiresAt: new Date(accessExpiresAt) } as SessionEntity;
  const user = { id: USER_ID } as UserEntity;
  const renewed = { accessToken: newToken(USER_ID), refreshToken: newToken(USER_ID) };
  const sessions = {
    findPresented: jest.fn(async () => ({ access: session, refresh: undefined })),
    refuseReplay: jest.fn(),
    findRenewable: jest.fn(async () => session),
    rotate: jest.fn(async () => renewed),
  };
  const users = { find: jest.fn(async () => user), principalFrom: jest.fn(() => ({ kind: 'user', id: USER_ID })) };
  const metrics = { sessionRenewals: { inc: jest.fn() } };
  const recent = { versionOf: jest.fn(async () => undefined), find: jest.fn(), keep: jest.fn() };
  const authenticator = new SessionAuthenticator(sessions as never, users as never, metrics as never, recent as never);
  return { authenticator, renewed };
}

const client = () => ({ ip: '127.0.0.1', userAgent: 'test' });

describe('SessionAuthenticator at the edges of an access token', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
  afterEach(() => jest.restoreAllMocks());

  it('refuses a Bearer token from the very millisecond it expires, and serves it one millisecond before', async () => {
    const expiring = authenticatorWith(NOW).authenticator;
    const credentials = { accessToken: newToken(USER_ID), bearer: true };
    await expect(expiring.authenticate(credentials, client)).rejects.toEqual(new AuthError('INVALID_TOKEN'));
    const living = authenticatorWith(NOW + 1).authenticator;
    const served = await living.authenticate(credentials, client);
    expect(served).toEqual({ user: { kind: 'user', id: USER_ID } });
  });

  it('renews a cookie pair from the very millisecond its access token is within the renewal window, and not one before', async () => {
    const credentials = { accessToken: newToken(USER_ID), refreshToken: newToken(USER_ID), bearer: false };
    const within = authenticatorWith(NOW + RENEWAL_WINDOW_MS);
    await expect(within.authenticator.authenticate(credentials, client)).resolves.toMatchObject({ renewed: within.renewed });
    const outside = authenticatorWith(NOW + RENEWAL_WINDOW_MS + 1).authenticator;
    await expect(outside.authenticate(credentials, client)).resolves.toEqual({ user: { kind: 'user', id: USER_ID } });
  });
});
