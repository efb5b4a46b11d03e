/**
 * What the sessions service does at instants and in races a test over HTTP cannot pin: the last
 * millisecond of a refresh token and of the rotation grace window, a rotation lost to a concurrent
 * one, a successor gone or revoked in between, the hourly sweep's timer, and the client details
 * kept on a record. The service runs here on stand-ins for its repository and transactions, with a
 * fixed clock.
 */
import { AuthError } from '../../src/access/access.errors';
import type { SessionEntity } from '../../src/auth/session.entity';
import { REFRESH_TOKEN_TTL_MS, ROTATION_GRACE_MS, SessionsService } from '../../src/auth/sessions.service';
import { newToken, sealSuccessor } from '../../src/auth/tokens';
import { hashToken } from '../../src/common/secrets';
import { ProcessRole } from '../../src/config/process-role';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const USER_ID = '385041365366472704';
const HOUR = 60 * 60 * 1000;
/** Matched by its code: `toEqual` compares an error's message alone, the same for every AuthError. */
const renewalRefused = expect.objectContaining<Partial<AuthError>>({ code: 'FAILED_TOKEN_RENEWAL' });

function aSession(overrides: Partial<SessionEntity> = {}): SessionEntity {
  return {
    id: '1',
    familyId: '1',
    userId: USER_ID,
    accessTokenHash: 'a',
    refreshTokenHash: 'r',
    accessExpiresAt: new Date(NOW + HOUR),
    refreshExpiresAt: new Date(NOW + REFRESH_TOKEN_TTL_MS),
    active: true,
    rotatedAt: null,
    successorSealed: null,
    revokedAt: null,
    ip: null,
    userAgent: null,
    createdAt: new Date(NOW - HOUR),
    ...overrides,
  };
}

function serviceWith(rows: { byHash?: SessionEntity[]; byId?: SessionEntity | null; claims?: boolean } = {}, serves = true) {
  const repository = {
    findByHash: jest.fn(async (column: 'accessTokenHash' | 'refreshTokenHash', hash: string) => rows.byHash?.find((row) => row[column] === hash) ?? null),
    findById: jest.fn(async (id: string) => (rows.byId !== undefined ? rows.byId : rows.byHash?.find((row) => row.id === id) ?? null)),
    insert: jest.fn(async () => undefined),
    // As the conditional UPDATE: only a session neither rotated nor revoked is claimed.
    claimRotation: jest.fn(async (_manager: unknown, session: SessionEntity) => rows.claims ?? (!session.rotatedAt && !session.revokedAt)),
    revoke: jest.fn(async () => undefined),
    deleteExpired: jest.fn(async () => 0),
  };
  let nextId = 100;
  const ids = { next: () => String(nextId++) };
  const tx = { run: (work: (manager: unknown) => unknown) => work({}) };
  const service = new SessionsService(repository as never, ids as never, tx as never, new ProcessRole(serves));
  return { service, repository };
}

/** A session rotated `ago` ms before NOW, whose successor pair is sealed under its refresh token. */
function rotatedAgo(ago: number, overrides: Partial<SessionEntity> = {}) {
  const refreshToken = newToken(USER_ID);
  const successorPair = { accessToken: newToken(USER_ID), refreshToken: newToken(USER_ID) };
  const rotated = aSession({
    refreshTokenHash: hashToken(refreshToken),
    rotatedAt: new Date(NOW - ago),
    successorSealed: sealSuccessor(refreshToken, successorPair),
    ...overrides,
  });
  const successor = aSession({ id: '2', accessTokenHash: hashToken(successorPair.accessToken), refreshTokenHash: hashToken(successorPair.refreshToken) });
  return { refreshToken, successorPair, rotated, successor };
}

describe('SessionsService at the edges of a session', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('refuses a refresh token from the very millisecond it expires, and renews it one millisecond before', async () => {
    const refreshToken = newToken(USER_ID);
    const expiring = aSession({ refreshTokenHash: hashToken(refreshToken), refreshExpiresAt: new Date(NOW) });
    await expect(serviceWith({ byHash: [expiring] }).service.findRenewable(refreshToken)).rejects.toEqual(renewalRefused);
    const living = aSession({ refreshTokenHash: hashToken(refreshToken), refreshExpiresAt: new Date(NOW + 1) });
    await expect(serviceWith({ byHash: [living] }).service.findRenewable(refreshToken)).resolves.toBe(living);
  });

  it('answers a rotated refresh token with the same successor up to the very millisecond the grace window ends, then revokes the family', async () => {
    const last = rotatedAgo(ROTATION_GRACE_MS);
    const within = serviceWith({ byHash: [last.rotated, last.successor] });
    await expect(within.service.rotate(last.rotated, last.refreshToken)).resolves.toEqual(last.successorPair);
    expect(within.repository.revoke).not.toHaveBeenCalled();

    const after = rotatedAgo(ROTATION_GRACE_MS + 1);
    const late = serviceWith({ byHash: [after.rotated, after.successor] });
    await expect(late.service.rotate(after.rotated, after.refreshToken)).rejects.toEqual(renewalRefused);
    expect(late.repository.revoke).toHaveBeenCalledWith({}, { userId: USER_ID, familyId: '1' });
  });

  it('refuses a rotated session within the grace window that was revoked (its family revoked again) or sealed no successor (nothing revoked)', async () => {
    const revoked = rotatedAgo(1000, { revokedAt: new Date(NOW - 500) });
    const first = serviceWith({ byHash: [revoked.rotated, revoked.successor] });
    await expect(first.service.rotate(revoked.rotated, revoked.refreshToken)).rejects.toEqual(renewalRefused);
    // A revoked one counts as out of the window: its family is revoked (again), never answered.
    expect(first.repository.revoke).toHaveBeenCalledWith({}, { userId: USER_ID, familyId: '1' });

    const unsealed = rotatedAgo(1000, { successorSealed: null });
    const second = serviceWith({ byHash: [unsealed.rotated, unsealed.successor] });
    await expect(second.service.rotate(unsealed.rotated, unsealed.refreshToken)).rejects.toEqual(renewalRefused);
    expect(second.repository.revoke).not.toHaveBeenCalled();
  });

  it('refuses a successor that was revoked, or is gone, since the rotation', async () => {
    const revoked = rotatedAgo(1000);
    revoked.successor.revokedAt = new Date(NOW - 100);
    await expect(serviceWith({ byHash: [revoked.rotated, revoked.successor] }).service.rotate(revoked.rotated, revoked.refreshToken)).rejects.toEqual(renewalRefused);
    const gone = rotatedAgo(1000);
    await expect(serviceWith({ byHash: [gone.rotated] }).service.rotate(gone.rotated, gone.refreshToken)).rejects.toEqual(renewalRefused);
  });

  it('a rotation lost to a concurrent one answers the pair the winner sealed, never its own unsaved pair', async () => {
    const won = rotatedAgo(10);
    const loser = aSession({ refreshTokenHash: won.rotated.refreshTokenHash });
    const { service, repository } = serviceWith({ byHash: [won.rotated, won.successor], byId: won.rotated, claims: false });
    await expect(service.rotate(loser, won.refreshToken)).resolves.toEqual(won.successorPair);
    expect(repository.insert).not.toHaveBeenCalled();
  });

  it('a rotation lost to a revocation (the record then gone) is refused', async () => {
    const refreshToken = newToken(USER_ID);
    const session = aSession({ refreshTokenHash: hashToken(refreshToken) });
    const { service } = serviceWith({ byHash: [session], byId: null, claims: false });
    await expect(service.rotate(session, refreshToken)).rejects.toEqual(renewalRefused);
  });

  it('signing out with tokens of no session revokes nothing', async () => {
    const { service, repository } = serviceWith({ byHash: [] });
    await service.revokeFamilyOf({});
    await service.revokeFamilyOf({ accessToken: newToken(USER_ID), refreshToken: newToken(USER_ID) });
    expect(repository.revoke).not.toHaveBeenCalled();
  });

  it('keeps the client address cut to 64 characters and the User-Agent to 512, and none when not told', async () => {
    const { service, repository } = serviceWith();
    await service.issue(USER_ID, { ip: '1'.repeat(80), userAgent: 'u'.repeat(600) });
    await service.issue(USER_ID);
    const [[, told], [, untold]] = repository.insert.mock.calls as unknown as [unknown, SessionEntity][];
    expect(told).toMatchObject({ ip: '1'.repeat(64), userAgent: 'u'.repeat(512) });
    expect(untold).toMatchObject({ ip: null, userAgent: null });
  });

  it('a serving process sweeps expired records every hour until it shuts down; the command line never does', async () => {
    jest.restoreAllMocks();
    jest.useFakeTimers({ now: NOW });
    const serving = serviceWith({}, true);
    serving.service.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(HOUR - 1);
    expect(serving.repository.deleteExpired).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(serving.repository.deleteExpired).toHaveBeenCalledTimes(1);
    expect(serving.repository.deleteExpired).toHaveBeenCalledWith({}, new Date(NOW + HOUR));
    await jest.advanceTimersByTimeAsync(HOUR);
    expect(serving.repository.deleteExpired).toHaveBeenCalledTimes(2);
    serving.service.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(3 * HOUR);
    expect(serving.repository.deleteExpired).toHaveBeenCalledTimes(2);

    const cli = serviceWith({}, false);
    cli.service.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(3 * HOUR);
    expect(cli.repository.deleteExpired).not.toHaveBeenCalled();
  });
});
