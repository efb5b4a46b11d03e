import { newToken, openSuccessor, sealSuccessor, tokenUserId } from '../../src/auth/tokens';
import { hashToken, sameSecret } from '../../src/common/secrets';
import { isServiceKeyShape, newServiceKey } from '../../src/service-keys/service-key-tokens';
import { Permission } from '../../src/common/permissions/permission';
import { mayChangePermissions } from '../../src/users/user.policy';

describe('session tokens', () => {
  it('are <userId>.<43 base64url characters> and hashed at rest', () => {
    const token = newToken('383087753767530496');
    expect(token).toMatch(/^383087753767530496\.[\w-]{43}$/);
    expect(tokenUserId(token)).toBe('383087753767530496');
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token.split('.')[1]);
    for (const malformed of ['', 'abc', `0.${'a'.repeat(43)}`, `x1.${'a'.repeat(43)}`, `1.${'a'.repeat(42)}`, `1.${'a'.repeat(43)}.x`, `1 .${'a'.repeat(43)}`]) {
      expect(tokenUserId(malformed)).toBeUndefined();
    }
  });

  it('seal the successor pair so that only the old refresh token opens it', () => {
    const refresh = newToken('1');
    const pair = { accessToken: newToken('1'), refreshToken: newToken('1') };
    const sealed = sealSuccessor(refresh, pair);
    expect(sealed).not.toContain(pair.accessToken.split('.')[1]);
    expect(openSuccessor(refresh, sealed)).toEqual(pair);
    expect(openSuccessor(newToken('1'), sealed)).toBeUndefined();
    expect(openSuccessor(hashToken(refresh), sealed)).toBeUndefined();
    expect(openSuccessor(refresh, `${sealed.slice(0, -2)}AA`)).toBeUndefined();
    expect(openSuccessor(refresh, 'garbage')).toBeUndefined();
  });

  it('compare secrets of any length', () => {
    expect(sameSecret('dev-secret', 'dev-secret')).toBe(true);
    expect(sameSecret('dev-secret', 'dev-secreT')).toBe(false);
    expect(sameSecret('short', 'a much longer secret')).toBe(false);
  });
});

describe('service keys', () => {
  it('are rpk_ and 43 base64url characters, nothing before or after', () => {
    const key = newServiceKey();
    expect(key).toMatch(/^rpk_[\w-]{43}$/);
    expect(isServiceKeyShape(key)).toBe(true);
    for (const malformed of [`x${key}`, `${key}x`, `rpk_${key}`, key.slice(0, -1), key.replace('rpk_', 'rpk-'), `${key.slice(0, -1)}=`]) {
      expect(isServiceKeyShape(malformed)).toBe(false);
    }
  });
});

describe('permission changes', () => {
  const { USER, STAFF, ADMINISTRATOR, DEVELOPER } = Permission;

  const user = (permissions: number) => ({ kind: 'user' as const, id: '1', permissions });

  it('allow only bits the caller holds to change, either way', () => {
    expect(mayChangePermissions(user(USER | ADMINISTRATOR), '2', USER, USER | ADMINISTRATOR)).toBe(true);
    expect(mayChangePermissions(user(USER | ADMINISTRATOR), '2', USER | ADMINISTRATOR, USER)).toBe(true);
    expect(mayChangePermissions(user(USER | ADMINISTRATOR), '2', USER, USER | STAFF)).toBe(false);
    expect(mayChangePermissions(user(USER | ADMINISTRATOR), '2', USER | DEVELOPER, USER)).toBe(false);
    expect(mayChangePermissions(user(USER | DEVELOPER), '2', USER, USER | DEVELOPER)).toBe(true);
    expect(mayChangePermissions(user(USER), '2', USER | STAFF, USER | STAFF)).toBe(true);
  });

  it("never let a key change its maker's bits", () => {
    const key = { kind: 'service_key' as const, id: '3', permissions: USER | ADMINISTRATOR, onBehalfOf: '2' };
    expect(mayChangePermissions(key, '2', USER, USER | ADMINISTRATOR)).toBe(false);
    expect(mayChangePermissions(key, '2', USER, USER)).toBe(true);
    expect(mayChangePermissions(key, '4', USER, USER | ADMINISTRATOR)).toBe(true);
  });
});
