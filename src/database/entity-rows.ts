import type { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

const ALIAS = 'e';

interface AliasedFields {
  primaryKey: string;
  columns: { key: string; column: ColumnMetadata }[];
}

/** What EntityRows uses of better-sqlite3. */
interface SqliteStatement {
  all(...parameters: unknown[]): unknown[];
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
const shared = new WeakMap<DataSource, Map<EntityTarget<ObjectLiteral>, EntityRows<ObjectLiteral>>>();

/**
 * Hand-written SQL for the hottest reads, with TypeORM's own column mapping. Building a query from
 * find options costs more than running it on SQLite (a CPU profile of the authenticated reads
 * shows the query builder and its garbage first), so these reads name their columns once and
 * hydrate rows through the driver: dates, JSON columns and value transformers come out exactly
 * as `find` would return them.
 */
export class EntityRows<T extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;
  private readonly selects = new Map<string, string>();
  private readonly aliased = new Map<string, AliasedFields>();
  private readonly lookups = new Map<string, string>();
  private readonly statements = new Map<string, SqliteStatement>();
  private preparedOn?: SqliteConnection;

  /** One reader per data source and entity, so its SQL is built once per process. */
  static of<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>): EntityRows<T> {
    let readers = shared.get(dataSource);
    if (!readers) shared.set(dataSource, (readers = new Map()));
    let reader = readers.get(entity);
    if (!reader) readers.set(entity, (reader = new EntityRows(dataSource, entity)));
    return reader as unknown as EntityRows<T>;
  }

  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
  ) {
    this.metadata = dataSource.getMetadata(entity);
  }

  /** The quoted table name. */
  get table(): string {
    return this.quote(this.metadata.tableName);
  }

  /** Every column of the entity under `alias`, each named `<alias>__<property>`. */
  columns(alias: string): string {
    let select = this.selects.get(alias);
    if (select === undefined) {
      select = this.metadata.columns
        .map((column) => `${this.quote(alias)}.${this.quote(column.databaseName)} AS ${this.quote(`${alias}__${column.propertyName}`)}`)
        .join(', ');
      this.selects.set(alias, select);
    }
    return select;
  }

  /** The rows whose `column` equals `value`, in `order` (ascending), through the caller's manager (and transaction). */
  async findBy(manager: EntityManager, column: keyof T & string, value: unknown, order: (keyof T & string)[] = []): Promise<T[]> {
    const key = `${column}|${order.join(',')}`;
    let sql = this.lookups.get(key);
    if (sql === undefined) {
      const field = (name: string) => `${this.quote(ALIAS)}.${this.quote(this.metadata.findColumnWithPropertyName(name)!.databaseName)}`;
      sql = `SELECT ${this.columns(ALIAS)} FROM ${this.table} ${this.quote(ALIAS)} WHERE ${field(column)} = ${this.param(0)}`;
      if (order.length) sql += ` ORDER BY ${order.map((name) => `${field(name)} ASC`).join(', ')}`;
      this.lookups.set(key, sql);
    }
    const statement = this.statement(sql);
    // Logged like every statement TypeORM runs, so query logging and counting still see it.
    if (statement) this.dataSource.logger.logQuery(sql, [value]);
    const rows = (statement ? statement.all(value) : await manager.query(sql, [value])) as Record<string, unknown>[];
    return rows.map((row) => this.hydrate(row, ALIAS)!);
  }

  /**
   * On SQLite, the statement prepared once on the driver's one connection (the one every
   * transaction runs on, so a transaction still reads its own writes), run without TypeORM's
   * per-query runner; undefined on PostgreSQL, whose reads go through the caller's manager.
   */
  private statement(sql: string): SqliteStatement | undefined {
    const connection = (this.dataSource.driver as { databaseConnection?: SqliteConnection }).databaseConnection;
    if (this.dataSource.options.type !== 'better-sqlite3' || !connection) return undefined;
    if (connection !== this.preparedOn) {
      this.statements.clear(); // the data source was closed and opened again
      this.preparedOn = connection;
    }
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = connection.prepare(sql)));
    return statement;
  }

  /** The dialect's placeholder for the `index`-th parameter (from 0). */
  param(index: number): string {
    return this.dataSource.driver.createParameter(`p${index}`, index);
  }

  quote(name: string): string {
    return this.dataSource.driver.escape(name);
  }

  /** The entity `columns(alias)` selected in `row`, or null when the row holds none (an outer join's miss). */
  hydrate(row: Record<string, unknown>, alias: string): T | null {
    const fields = this.fieldsOf(alias);
    const primary = row[fields.primaryKey];
    if (primary === null || primary === undefined) return null;
    const entity = this.metadata.create() as Record<string, unknown>;
    for (const { key, column } of fields.columns) {
      entity[column.propertyName] = this.dataSource.driver.prepareHydratedValue(row[key], column);
    }
    return entity as T;
  }

  /** The row keys `columns(alias)` selects, made once rather than for every column of every row. */
  private fieldsOf(alias: string): AliasedFields {
    let fields = this.aliased.get(alias);
    if (!fields) {
      const keyOf = (column: ColumnMetadata) => `${alias}__${column.propertyName}`;
      fields = {
        primaryKey: keyOf(this.metadata.primaryColumns[0]),
        columns: this.metadata.columns.map((column) => ({ key: keyOf(column), column })),
      };
      this.aliased.set(alias, fields);
    }
    return fields;
  }
}
