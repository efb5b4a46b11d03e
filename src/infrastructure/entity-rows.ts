import type { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { PipelinedReads } from '../database/pipelined-reads';

const ALIAS = 'e';
const PARENT_ALIAS = 'p';

/**
 * Column types whose values both drivers hydrate as they come (TypeORM's `prepareHydratedValue`
 * converts booleans, dates, times, JSON, arrays and enums, and nothing of these types), so a row's
 * value is copied without the call.
 */
const AS_READ = new Set<unknown>(['varchar', 'character varying', 'text', 'integer', 'int', 'bigint', 'smallint']);

/** What EntityRows uses of better-sqlite3. */
interface SqliteStatement {
  all(...parameters: unknown[]): unknown[][];
  raw(toggle: boolean): SqliteStatement;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

/** How a read's column is matched: equal to the parameter, in the parameter's array, or a key of the parent's rows matched by the parameter. */
type Match = 'equals' | 'in' | { parent: EntityMetadata; parentColumn: string };

/** One shape of statement: its SQL, and the columns it reads, in order. */
interface Read {
  sql: string;
  columns: ColumnMetadata[];
  /** Each column as `<alias>__<property>`. */
  keys: string[];
  /** Whether each column's value is taken as read (see AS_READ). */
  asRead: boolean[];
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
  private readonly reads = new Map<string, Read>();
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

  /**
   * The rows whose `column` equals `value`, in `order` (ascending), through the caller's manager
   * (and transaction). The `omit`ted columns are not read and stay undefined: a large value the
   * caller does not use (a signature) costs its transfer and decoding on every read.
   */
  findBy(
    manager: EntityManager,
    column: keyof T & string,
    value: unknown,
    order: (keyof T & string)[] = [],
    omit: (keyof T & string)[] = [],
  ): Promise<T[]> {
    return this.rowsOf(manager, this.readOf(column, order, 'equals', omit), [value]);
  }

  /** The rows whose `column` is one of `values`, in `order` (ascending): one statement whatever their number. */
  findIn(manager: EntityManager, column: keyof T & string, values: unknown[], order: (keyof T & string)[] = []): Promise<T[]> {
    if (values.length === 0) return Promise.resolve([]);
    // SQLite binds no arrays: the values go as one JSON array, read back by json_each.
    const parameter = this.dataSource.options.type === 'postgres' ? values : JSON.stringify(values);
    return this.rowsOf(manager, this.readOf(column, order, 'in'), [parameter]);
  }

  /**
   * The rows whose `column` is the primary key of one of `parent`'s rows whose `parentColumn`
   * equals `value` (a user's characters' wallets): one statement, which needs no earlier read of
   * the parent's keys, so it can go out beside the parent's own read.
   */
  findByParent<P extends ObjectLiteral>(
    manager: EntityManager,
    column: keyof T & string,
    parent: EntityTarget<P>,
    parentColumn: keyof P & string,
    value: unknown,
  ): Promise<T[]> {
    return this.rowsOf(manager, this.readOf(column, [], { parent: this.dataSource.getMetadata(parent), parentColumn }), [value]);
  }

  /** Every row, in `order` (ascending), through the caller's manager (and transaction). */
  findAll(manager: EntityManager, order: (keyof T & string)[] = []): Promise<T[]> {
    return this.rowsOf(manager, this.readOf(undefined, order), []);
  }

  private async rowsOf(manager: EntityManager, read: Read, parameters: unknown[]): Promise<T[]> {
    const { sql } = read;
    const statement = this.statement(sql);
    if (statement) {
      // Logged like every statement TypeORM runs, so query logging and counting still see it.
      this.dataSource.logger.logQuery(sql, parameters);
      return statement.all(...parameters).map((values) => this.entityOf(read, values));
    }
    const pipelined = manager.queryRunner ? undefined : PipelinedReads.of(this.dataSource);
    if (pipelined) {
      this.dataSource.logger.logQuery(sql, parameters);
      return (await pipelined.rows(sql, parameters)).map((values) => this.entityOf(read, values));
    }
    const rows = (await manager.query(sql, parameters)) as Record<string, unknown>[];
    return rows.map((row) => this.entityOf(read, read.keys.map((key) => row[key])));
  }

  /** The SELECT of every column not omitted, where `column` equals the one parameter, or is in it, when given. */
  private readOf(column: string | undefined, order: string[], match: Match = 'equals', omit: string[] = []): Read {
    const key = `${column ?? ''}|${order.join(',')}|${typeof match === 'string' ? match : `${match.parent.tableName}.${match.parentColumn}`}|${omit.join(',')}`;
    let read = this.reads.get(key);
    if (read === undefined) {
      const field = (name: string) => `${this.quote(ALIAS)}.${this.quote(this.metadata.findColumnWithPropertyName(name)!.databaseName)}`;
      const columns = this.metadata.columns.filter((one) => !omit.includes(one.propertyName));
      const keys = columns.map((one) => `${ALIAS}__${one.propertyName}`);
      let sql = `SELECT ${columns.map((one, index) => `${field(one.propertyName)} AS ${this.quote(keys[index])}`).join(', ')}`;
      sql += ` FROM ${this.quote(this.metadata.tableName)} ${this.quote(ALIAS)}`;
      if (column !== undefined) sql += ` WHERE ${this.condition(field(column), match)}`;
      if (order.length) sql += ` ORDER BY ${order.map((name) => `${field(name)} ASC`).join(', ')}`;
      const asRead = columns.map((one) => AS_READ.has(one.type) && !one.transformer);
      this.reads.set(key, (read = { sql, columns, keys, asRead }));
    }
    return read;
  }

  private condition(field: string, match: Match): string {
    const parameter = this.dataSource.driver.createParameter('p0', 0);
    if (match === 'equals') return `${field} = ${parameter}`;
    if (match === 'in') {
      return this.dataSource.options.type === 'postgres' ? `${field} = ANY(${parameter})` : `${field} IN (SELECT value FROM json_each(${parameter}))`;
    }
    const { parent, parentColumn } = match;
    const parentField = (column: ColumnMetadata) => `${this.quote(PARENT_ALIAS)}.${this.quote(column.databaseName)}`;
    const [key] = parent.primaryColumns;
    const where = parentField(parent.findColumnWithPropertyName(parentColumn)!);
    return `${field} IN (SELECT ${parentField(key)} FROM ${this.quote(parent.tableName)} ${this.quote(PARENT_ALIAS)} WHERE ${where} = ${parameter})`;
  }

  /**
   * On SQLite, the statement prepared once on the driver's one connection (the one every
   * transaction runs on, so a transaction still reads its own writes), run without TypeORM's
   * per-query runner and giving rows as arrays, not objects keyed by column; undefined on
   * PostgreSQL, whose reads go through the pipelined reads outside a transaction (see
   * PipelinedReads) and through the caller's manager within one.
   */
  private statement(sql: string): SqliteStatement | undefined {
    const connection = (this.dataSource.driver as { databaseConnection?: SqliteConnection }).databaseConnection;
    if (this.dataSource.options.type !== 'better-sqlite3' || !connection) return undefined;
    if (connection !== this.preparedOn) {
      this.statements.clear(); // the data source was closed and opened again
      this.preparedOn = connection;
    }
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = connection.prepare(sql).raw(true)));
    return statement;
  }

  /** The entity of one row's values, in the order of the read's columns. */
  private entityOf({ columns, asRead }: Read, values: unknown[]): T {
    const entity = this.metadata.create() as Record<string, unknown>;
    for (let index = 0; index < columns.length; index++) {
      const column = columns[index];
      entity[column.propertyName] = asRead[index] ? values[index] : this.dataSource.driver.prepareHydratedValue(values[index], column);
    }
    return entity as T;
  }

  private quote(name: string): string {
    return this.dataSource.driver.escape(name);
  }
}
