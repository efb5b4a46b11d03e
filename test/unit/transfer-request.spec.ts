import { InvalidBody } from '../../src/common/errors/domain-error';
import { type Holder, lockOrder } from '../../src/money/holder';
import { parseIdempotencyKey, requestHash, transferRequest } from '../../src/money/transfer-request';
import type { TransferDto } from '../../src/money/transfer.dto';

const dto = (body: object) => body as TransferDto;

describe('transfer requests', () => {
  it('keeps only the id field of each type and a null memo when absent', () => {
    expect(transferRequest(dto({ from: { type: 'external' }, to: { type: 'wallet', characterId: '5' }, amount: 3 }))).toEqual({
      from: { type: 'external' },
      to: { type: 'wallet', characterId: '5' },
      amount: 3,
      memo: null,
    });
  });

  it.each([
    [{ from: { type: 'external' }, to: { type: 'external' }, amount: 1 }],
    [{ from: { type: 'wallet', characterId: '5' }, to: { type: 'wallet', characterId: '5' }, amount: 1 }],
    [{ from: { type: 'account', accountId: '5', characterId: '5' }, to: { type: 'external' }, amount: 1 }],
    [{ from: { type: 'external', accountId: '5' }, to: { type: 'wallet', characterId: '5' }, amount: 1 }],
  ])('refuses %j', (body) => {
    expect(() => transferRequest(dto(body))).toThrow(InvalidBody);
  });

  it('hashes equal requests equally, whatever the key order, and different ones differently', () => {
    const a = transferRequest(dto({ from: { type: 'external' }, to: { type: 'wallet', characterId: '5' }, amount: 3, memo: 'x' }));
    const b = transferRequest(dto({ memo: 'x', amount: 3, to: { characterId: '5', type: 'wallet' }, from: { type: 'external' } }));
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestHash({ ...a, amount: 4 })).not.toBe(requestHash(a));
  });

  it('accepts 8–64 of [A-Za-z0-9_-] as Idempotency-Key', () => {
    expect(parseIdempotencyKey('abc_DEF-123')).toBe('abc_DEF-123');
    for (const bad of [undefined, 'short', 'x'.repeat(65), 'with space', ['abcdefgh']]) {
      expect(() => parseIdempotencyKey(bad)).toThrow(InvalidBody);
    }
  });

  it('locks treasuries before accounts before wallets, then by numeric id', () => {
    const holder = (type: Holder['type'], id: string): Holder => ({ type, id, ownerUserId: '1', characterId: null, frozen: false });
    const sorted = [holder('wallet', '20'), holder('account', '100'), holder('treasury', '7'), holder('wallet', '3'), holder('account', '99'), holder('treasury', '5')].sort(lockOrder);
    expect(sorted.map((h) => `${h.type}:${h.id}`)).toEqual(['treasury:5', 'treasury:7', 'account:99', 'account:100', 'wallet:3', 'wallet:20']);
  });
});
