import type { DataSource } from 'typeorm';
import type { SharedValues } from './short-lived-stores';

/** What LocalVersions uses of better-sqlite3. */
interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare(sql: string): { pluck(): { get(): unknown } };
}

/** Values beyond this many make the store forget them all: each is a user changed since start. */
const MAX_VALUES = 100_000;

/**
 * The principal versions of a single instance on SQLite, which has no shared store: kept by this
 * process, which makes every change to users and sessions through the application. A change it
 * did not make, committed by another connection (the operator's command line, another process on
 * the same file), moves the database's `PRAGMA data_version`; the store then forgets every value,
 * the epoch with them, which makes every copy tagged with one stale (see PrincipalVersions).
 * While a transaction is open nothing can be read: requests share the transaction's connection
 * and would see rows it may still roll back.
 */
export class LocalVersions implements SharedValues {
  private readonly values = new Map<string, string>();
  private connection?: SqliteConnection;
  private dataVersion?: { get(): unknown };
  private seenDataVersion: unknown;

  private constructor(private readonly dataSource: DataSource) {}

  /** The process's versions when the database is SQLite; undefined otherwise (another instance could change the rows). */
  static of(dataSource: DataSource): LocalVersions | undefined {
    return dataSource.options.type === 'better-sqlite3' ? new LocalVersions(dataSource) : undefined;
  }

  async read(keys: string[]): Promise<(string | null)[]> {
    this.forgetChangesOfOthers();
    return keys.map((key) => this.values.get(key) ?? null);
  }

  async write(key: string, value: string, _ttlMs: number, condition?: 'NX'): Promise<void> {
    if (condition === 'NX' && this.values.has(key)) return;
    if (this.values.size >= MAX_VALUES) this.values.clear();
    this.values.set(key, value);
  }

  private forgetChangesOfOthers(): void {
    const connection = (this.dataSource.driver as { databaseConnection?: SqliteConnection }).databaseConnection;
    if (!connection) throw new Error('the database is closed');
    if (connection.inTransaction) throw new Error('a transaction is open');
    if (connection !== this.connection) {
      this.connection = connection; // the data source was opened again: its rows may be others
      this.dataVersion = connection.prepare('PRAGMA data_version').pluck();
      this.values.clear();
    }
    const dataVersion = this.dataVersion!.get();
    if (dataVersion !== this.seenDataVersion) this.values.clear();
    this.seenDataVersion = dataVersion;
  }
}
