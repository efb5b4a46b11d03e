import { Logger } from 'nestjs-pino';
import { ALL_PERMISSION_BITS } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import { type TestApp, createTestApp } from '../support/app';
import type { TestBackend } from '../support/backends';
import { aBank, aCharacter, aUser, signIn } from '../support/factories';
import type { KnownIds } from './hostile-values';

/** Few enough that character creation soon answers 409, so the tables stay small on long runs. */
const MAX_CHARACTERS = 10;

/**
 * The app under test, in this process like every end-to-end test, with what the properties
 * watch: error-level log lines and the database tables (uncaught exceptions: see uncaught.ts).
 */
export class FuzzTarget {
  readonly errorLogs: string[] = [];
  /** How many cases ended how, for the long run's report. */
  readonly outcomes = new Map<string, number>();
  known: KnownIds = {};
  cookie = '';
  private admin!: UserEntity;
  private cached?: { changes: number | undefined; rows: string };

  private constructor(readonly t: TestApp) {}

  static async start(backend: TestBackend): Promise<FuzzTarget> {
    const target = new FuzzTarget(await createTestApp(backend, { env: { RATE_LIMITS: 'off' } }));
    target.hookLogger();
    await target.seed();
    return target;
  }

  tally(outcome: string): void {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
  }

  get url(): string {
    return this.t.url;
  }

  /** Every line the app logs at error or fatal level, whatever LOG_LEVEL lets through. */
  private hookLogger(): void {
    const logger = this.t.app.get(Logger) as unknown as Record<'error' | 'fatal', (...args: unknown[]) => void>;
    for (const level of ['error', 'fatal'] as const) {
      const original = logger[level].bind(logger);
      logger[level] = (...args: unknown[]) => {
        this.errorLogs.push(`${level}: ${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')}`);
        original(...args);
      };
    }
  }

  /** A user with every permission (granted in the database, as the CLI does) and a stranger, each with a character and a bank. */
  private async seed(): Promise<void> {
    this.admin = await aUser(this.t, { permissions: ALL_PERMISSION_BITS, maxCharacters: MAX_CHARACTERS });
    const other = await aUser(this.t);
    const characters = [await aCharacter(this.t, this.admin), await aCharacter(this.t, this.admin, { idStatus: 'approved' }), await aCharacter(this.t, other)];
    const banks = [await aBank(this.t, characters[1], { capital: 1000 }), await aBank(this.t, characters[2])];
    this.known = {
      userId: [this.admin.id, other.id, '@me'],
      characterId: characters.map((c) => c.id),
      bankId: banks.map((b) => b.id),
      provider: ['chatapp', 'gameplatform'],
      type: ['avatar', 'avatar-bust', 'avatars3d', 'ids', 'icons'],
      hash: [`${'a'.repeat(64)}.png`, `${'b'.repeat(64)}.glb`],
    };
    this.cookie = await signIn(this.t, this.admin);
  }

  /**
   * After a request that changed things: the admin keeps every permission and a live session.
   * A new session only when the old one stopped working, so the sessions table stays small.
   */
  async restoreAdmin(): Promise<void> {
    const users = this.t.dataSource.getRepository(UserEntity);
    const admin = await users.findOneByOrFail({ id: this.admin.id });
    const changed = admin.permissions !== ALL_PERMISSION_BITS || admin.maxCharacters !== MAX_CHARACTERS;
    if (changed) await users.update({ id: this.admin.id }, { permissions: ALL_PERMISSION_BITS, maxCharacters: MAX_CHARACTERS });
    const me = await this.t.http().get('/v1/users/@me').set('Cookie', this.cookie);
    if (changed || me.status !== 200 || me.headers['set-cookie']) this.cookie = await signIn(this.t, this.admin);
  }

  /**
   * Every table's rows, in a stable order, for comparison before and after a refused request. On
   * SQLite the app's one connection counts the rows it wrote (`total_changes()`): while that count
   * stands still the last snapshot still holds, which keeps long runs fast.
   */
  async snapshot(): Promise<string> {
    const changes = await this.writeCount();
    if (changes === undefined || changes !== this.cached?.changes) this.cached = { changes, rows: await this.readTables() };
    return this.cached.rows;
  }

  private async writeCount(): Promise<number | undefined> {
    if (this.t.dataSource.options.type !== 'better-sqlite3') return undefined;
    const [row] = (await this.t.dataSource.query('SELECT total_changes() AS changes')) as { changes: number }[];
    return row.changes;
  }

  private async readTables(): Promise<string> {
    const { dataSource } = this.t;
    const tables = dataSource.entityMetadatas.map((metadata) => metadata.tableName).sort();
    const dump: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = (await dataSource.query(`SELECT * FROM ${dataSource.driver.escape(table)}`)) as Record<string, unknown>[];
      dump[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return JSON.stringify(dump);
  }

  async close(): Promise<void> {
    await this.t.close();
  }
}
