import { ARCHIVE_FORMAT, parseManifest } from '../../src/archive/archive-format';
import { planInserts } from '../../src/archive/insert-order';
import { POSTGRES_MIGRATIONS } from '../../src/database/migrations/postgres';
import { SQLITE_MIGRATIONS } from '../../src/database/migrations/sqlite';

describe('archive: the plan of an import', () => {
  it('puts referenced tables first and breaks a cycle at its nullable column', () => {
    const plan = planInserts(
      ['wallets', 'users', 'characters'],
      [
        { table: 'characters', column: 'userId', references: 'users', nullable: false },
        { table: 'users', column: 'activeCharacterId', references: 'characters', nullable: true },
        { table: 'wallets', column: 'characterId', references: 'characters', nullable: false },
      ],
    );
    expect(plan.order).toEqual(['users', 'characters', 'wallets']);
    expect(plan.deferred).toEqual(new Map([['users', ['activeCharacterId']]]));
  });

  it('defers a nullable reference to the same table, and refuses a cycle of required ones', () => {
    expect(planInserts(['grades'], [{ table: 'grades', column: 'parentId', references: 'grades', nullable: true }]).deferred).toEqual(
      new Map([['grades', ['parentId']]]),
    );
    expect(() =>
      planInserts(
        ['a', 'b'],
        [
          { table: 'a', column: 'bId', references: 'b', nullable: false },
          { table: 'b', column: 'aId', references: 'a', nullable: false },
        ],
      ),
    ).toThrow(/closes a cycle of references and is required/);
  });

  it('upgrades older archives through migrations both dialects name alike', () => {
    const names = (list: { new (): { name?: string } }[]) => list.map((migration) => new migration().name);
    expect(names(SQLITE_MIGRATIONS)).toEqual(names(POSTGRES_MIGRATIONS));
  });
});

describe('archive: the manifest', () => {
  const valid = {
    format: ARCHIVE_FORMAT,
    formatVersion: 1,
    createdAt: '2026-11-25T00:00:00.000Z',
    source: 'sqlite',
    migration: 'FrozenMoney1766000000000',
    tables: [{ name: 'users', columns: [{ name: 'id', kind: 'id' }], primaryKey: ['id'], rows: 0, part: 'tables/users.jsonl', bytes: 0, sha256: 'e'.repeat(64) }],
    files: [],
    sums: {},
  };

  it('reads a valid manifest', () => {
    expect(parseManifest(JSON.stringify(valid)).tables[0].name).toBe('users');
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['a newer format', JSON.stringify({ ...valid, formatVersion: 2 }), /format version 2; .* upgrade the service first/],
    ['a table name that is not an identifier', JSON.stringify({ ...valid, tables: [{ ...valid.tables[0], name: 'users"; DROP' }] }), /malformed at tables\.0\.name/],
    ['a part outside its place', JSON.stringify({ ...valid, tables: [{ ...valid.tables[0], part: '../users.jsonl' }] }), /names table users at \.\.\/users\.jsonl/],
    ['a file that is not a stored name', JSON.stringify({ ...valid, files: [{ part: 'files/ids/../../x.png', bytes: 1, sha256: 'a'.repeat(64) }] }), /unusable file/],
    ['an unknown field', JSON.stringify({ ...valid, extra: true }), /malformed/],
  ])('refuses %s', (_, text, reason) => {
    expect(() => parseManifest(text)).toThrow(reason);
  });
});
