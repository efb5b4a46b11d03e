import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { types as pgTypes } from 'pg';
import { prepareValue } from 'pg/lib/utils';
import postgres from 'postgres';
import { DataSource } from 'typeorm';
import { settledWithin } from '../common/errors/dependency-unavailable';
import { AppConfig } from '../config/config';
import { POOL_WAIT_MS } from './data-source-options';

type ParseText = (text: string) => unknown;

const attached = new WeakMap<DataSource, PipelinedReads>();

/**
 * On PostgreSQL, the hottest reads outside a transaction (EntityRows) on one connection of their
 * own, pipelined: the reads of concurrent requests leave in one socket write and their answers come
 * back in one, where the pool's connections take one write and one wake-up of a server process
 * each. Measured on the authenticated reads, that halved the CPU of a request (see the
 * architecture's "Request-path speed"). Statements are prepared once on the connection. Values are
 * read as text and parsed by node-postgres's own parsers, so a row comes out exactly as the pool
 * would give it. Like every statement of the application, each ends after the statement timeout,
 * on the server and on the client: a server that does not answer at all costs its reads that long,
 * and the connection is replaced, so later reads do not queue behind it.
 */
export class PipelinedReads {
  private client: postgres.Sql;
  /** Each statement's column parsers, known from its first answer. */
  private readonly parsers = new Map<string, ParseText[]>();

  private constructor(
    private readonly url: string,
    private readonly statementMs: number,
  ) {
    this.client = this.open();
  }

  /** The data source's pipelined reads, when it has them (the serving application's on PostgreSQL). */
  static of(dataSource: DataSource): PipelinedReads | undefined {
    return attached.get(dataSource);
  }

  static attach(dataSource: DataSource, url: string, statementMs: number): PipelinedReads {
    const reads = new PipelinedReads(url, statementMs);
    attached.set(dataSource, reads);
    return reads;
  }

  /** The rows of `sql` with `parameters`, each as its values in column order. */
  async rows(sql: string, parameters: unknown[]): Promise<unknown[][]> {
    const client = this.client;
    const values = parameters.map((value) => (Array.isArray(value) ? prepareValue(value) : value));
    const answer = client.unsafe(sql, values as postgres.ParameterOrJSON<never>[], { prepare: true }).raw();
    const rows = await settledWithin(this.statementMs, answer, () => this.replace(client));
    const parsers = this.parsersOf(sql, rows.columns);
    return rows.map((row) => row.map((value, index) => (value === null ? null : parsers[index](value.toString()))));
  }

  async close(): Promise<void> {
    await this.client.end({ timeout: 1 });
  }

  private open(): postgres.Sql {
    return postgres(this.url, {
      max: 1,
      prepare: true,
      // Not the array types: postgres.js reads them with a query of its own on every new
      // connection whose failure (the server cut off or frozen meanwhile, the connection replaced,
      // the statement timeout) nothing can catch, and an unhandled rejection ends the process
      // (porsager/postgres#1192). An array parameter goes as the array literal node-postgres
      // makes, which the server reads as the type it expects there.
      fetch_types: false,
      connect_timeout: POOL_WAIT_MS / 1000,
      idle_timeout: 0,
      onnotice: () => undefined,
      connection: { application_name: 'pipelined-reads', statement_timeout: this.statementMs },
    });
  }

  /** A connection whose server stopped answering is dropped (its queued reads fail) for a new one. */
  private replace(client: postgres.Sql): void {
    if (this.client !== client) return;
    this.client = this.open();
    void client.end({ timeout: 0 }).catch(() => undefined);
  }

  private parsersOf(sql: string, columns: readonly { type: number }[]): ParseText[] {
    let parsers = this.parsers.get(sql);
    if (!parsers) this.parsers.set(sql, (parsers = columns.map((column) => pgTypes.getTypeParser(column.type, 'text') as ParseText)));
    return parsers;
  }
}

/** Opens the serving data source's pipelined reads on PostgreSQL, and closes them at shutdown. */
@Injectable()
export class PipelinedReadsConnection implements OnApplicationShutdown {
  private readonly reads?: PipelinedReads;

  constructor(dataSource: DataSource, config: AppConfig) {
    if (dataSource.options.type === 'postgres') {
      this.reads = PipelinedReads.attach(dataSource, config.databaseUrl, config.dependencyTimeouts.databaseStatementMs);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reads?.close();
  }
}
