import { keyedOrder } from '../../src/auth/provider-links.service';
import { prefixUpperBound, searchKey, searchWords } from '../../src/common/search-text';
import { cursorPage, decodeCursor, encodeCursor } from '../../src/common/pagination';

describe('search keys', () => {
  it('lowercases, strips accents and squeezes spaces', () => {
    expect(searchKey('  José   MARÍA Ñúñez ')).toBe('jose maria nunez');
    expect(searchKey('Zoë_Ålvarez')).toBe('zoe_alvarez');
  });

  it('splits names into distinct words on anything but letters and digits', () => {
    expect(searchWords("María-José O'Brien d.Arco maría")).toEqual(['maria', 'jose', 'o', 'brien', 'd', 'arco']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('bounds a prefix range above every key that starts with it, in byte (code point) order', () => {
    const upper = { key: prefixUpperBound('mar'), id: '1' };
    const order = keyedOrder(true);
    for (const key of ['mar', 'marta', 'mar\u{FFFF}x', 'mar😀']) expect(order({ key, id: '1' }, upper)).toBeLessThan(0);
    expect(order({ key: 'mas', id: '1' }, upper)).toBeGreaterThan(0);
  });
});

describe('search cursors', () => {
  it('round-trips and refuses what it did not make', () => {
    const cursor = encodeCursor({ key: 'márta', id: '1234567890123456789' });
    expect(decodeCursor(cursor)).toEqual({ key: 'márta', id: '1234567890123456789' });
    expect(decodeCursor(undefined)).toBeUndefined();
    for (const bad of ['x', Buffer.from('["a", 12]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow('Invalid form of body');
    }
  });

  it('cuts a page and points past its last result only when more were found', () => {
    const found = [1, 2, 3].map((n) => ({ key: 'k', id: String(n) }));
    expect(cursorPage(found, 3, encodeCursor)).toEqual({ page: found, next: null });
    const { page, next: nextCursor } = cursorPage(found, 2, encodeCursor);
    expect(page).toEqual(found.slice(0, 2));
    expect(decodeCursor(nextCursor!)).toEqual({ key: 'k', id: '2' });
  });

  it('orders as the databases do: keys by code point, ids numerically on PostgreSQL and as text on SQLite', () => {
    const rows = [
      { key: 'b', id: '10' },
      { key: 'a', id: '9' },
      { key: 'b', id: '9' },
    ];
    expect([...rows].sort(keyedOrder(true))).toEqual([rows[1], rows[2], rows[0]]);
    expect([...rows].sort(keyedOrder(false))).toEqual([rows[1], rows[0], rows[2]]);
  });
});
