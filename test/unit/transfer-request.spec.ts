import { InvalidBody } from '../../src/common/errors/domain-error';
import { type Holder, lockOrder } from '../../src/money/holder';
import { parseIdempotencyKey, requestHash, transferRequest } from '../../src/money/transfer-request';
import type { TransferDto } from '../../src/money/transfer.dto';

const dto = (body: object) => body as TransferDto;

/** The `details` of the InvalidBody that `refused` throws. */
function detailsOf(refused: () => unknown): unknown {
  try {
    refused();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidBody);
    return (error as InvalidBody).options.details;
  }
  throw new Error('expected a refusal');
}

describe('transfer requests', () => {
  it('keeps only the id field of each type and a null memo when absent', () => {
    expect(transferRequest(dto({ from: { type: 'external' }, to: { type: 'wallet', characterId: '5' }, amount: 3 }))).toStrictEqual({
      from: { type: 'external' },
      to: { type: 'wallet', characterId: '5' },
      amount: 3,
      memo: null,
    });
    for (const [from, to] of [
      [{ type: 'wallet', characterId: '5' }, { type: 'wallet', characterId: '6' }],
      [{ type: 'wallet', characterId: '5' }, { type: 'external' }],
      [{ type: 'organisation', organisationId: '8' }, { type: 'organisation', organisationId: '9' }],
    ]) {
      expect(transferRequest(dto({ from, to, amount: 2 }))).toStrictEqual({ from, to, amount: 2, memo: null });
    }
    // One id on both sides is no loop when the types differ.
    expect(transferRequest(dto({ from: { type: 'wallet', characterId: '5' }, to: { type: 'account', accountId: '5' }, amount: 1, memo: 'm' }))).toStrictEqual({
      from: { type: 'wallet', characterId: '5' },
      to: { type: 'account', accountId: '5' },
      amount: 1,
      memo: 'm',
    });
  });

  it.each([
    [{ from: { type: 'external' }, to: { type: 'external' }, amount: 1 }, 'to', 'external cannot pay external'],
    [{ from: { type: 'wallet', characterId: '5' }, to: { type: 'wallet', characterId: '5' }, amount: 1 }, 'to', 'to must differ from from'],
    [{ from: { type: 'account', accountId: '7' }, to: { type: 'account', accountId: '7' }, amount: 1 }, 'to', 'to must differ from from'],
    [{ from: { type: 'account', accountId: '5', characterId: '5' }, to: { type: 'external' }, amount: 1 }, 'from', 'from of type account takes accountId only'],
    [{ from: { type: 'external', accountId: '5' }, to: { type: 'wallet', characterId: '5' }, amount: 1 }, 'from', 'from of type external takes no id only'],
    [{ from: { type: 'external' }, to: { type: 'wallet', characterId: '5', accountId: '6' }, amount: 1 }, 'to', 'to of type wallet takes characterId only'],
    [{ from: { type: 'external' }, to: { type: 'account', characterId: '5' }, amount: 1 }, 'to', 'to of type account takes accountId only'],
    [{ from: { type: 'external' }, to: { type: 'external', characterId: '5' }, amount: 1 }, 'to', 'to of type external takes no id only'],
    [{ from: { type: 'organisation', organisationId: '8', accountId: '8' }, to: { type: 'external' }, amount: 1 }, 'from', 'from of type organisation takes organisationId only'],
  ])('refuses %j on %s: %s', (body, field, message) => {
    expect(detailsOf(() => transferRequest(dto(body)))).toEqual([{ field, message }]);
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
      expect(detailsOf(() => parseIdempotencyKey(bad))).toEqual([
        { field: 'Idempotency-Key', message: 'the Idempotency-Key header is required: 8 to 64 of A-Z a-z 0-9 _ -' },
      ]);
    }
  });

  it('locks treasuries before accounts before wallets, then by numeric id', () => {
    const holder = (type: Holder['type'], id: string): Holder => ({ type, id, ownerUserId: '1', characterId: null, frozen: false });
    const sorted = [holder('wallet', '20'), holder('account', '100'), holder('treasury', '7'), holder('wallet', '3'), holder('account', '99'), holder('treasury', '5')].sort(lockOrder);
    expect(sorted.map((h) => `${h.type}:${h.id}`)).toEqual(['treasury:5', 'treasury:7', 'account:99', 'account:100', 'wallet:3', 'wallet:20']);
  });
});
