import type { DataSource } from 'typeorm';
import { PipelinedReads } from '../../src/database/pipelined-reads';

const postgresUrl = process.env.TEST_DATABASE_URL;
const describePostgres = postgresUrl ? describe : describe.skip;

/** The hot reads' own PostgreSQL connection (PipelinedReads), on a real server. */
describePostgres('the pipelined reads [postgres+redis]', () => {
  const opened: PipelinedReads[] = [];
  const unhandled: unknown[] = [];
  const keep = (reason: unknown) => void unhandled.push(reason);

  beforeAll(() => process.on('unhandledRejection', keep));
  afterAll(async () => {
    process.off('unhandledRejection', keep);
    await Promise.all(opened.map((reads) => reads.close()));
  });

  /** Reads on a connection of their own; the data source is only the key they are kept under. */
  function readsOn(url: string): PipelinedReads {
    const reads = PipelinedReads.attach({} as DataSource, url, 5000);
    opened.push(reads);
    return reads;
  }

  it('send an array parameter whole, whatever its elements hold', async () => {
    const values = ['9223372036854775807', 'quote " and backslash \\', 'comma, {brace}', 'ünïcode', '', null];
    const rows = await readsOn(postgresUrl!).rows('SELECT value FROM unnest($1::text[]) WITH ORDINALITY AS t(value, n) ORDER BY n', [values]);
    expect(rows.map(([value]) => value)).toEqual(values);
    const ids = await readsOn(postgresUrl!).rows('SELECT id FROM unnest($1::bigint[]) AS t(id)', [['9223372036854775807', '1']]);
    expect(ids).toEqual([['9223372036854775807'], ['1']]);
  });

  it('end no process when a new connection fails at once: every failure reaches the read that met it', async () => {
    // A server-side statement timeout of 1 ms (the URL's parameter wins over the connection's
    // own) fails every statement of a new connection, as a server cut off or frozen then would:
    // a query of the driver's own failing so went unhandled.
    const url = new URL(postgresUrl!);
    url.searchParams.set('statement_timeout', '1');
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(readsOn(url.toString()).rows('SELECT pg_sleep(0.01)', [])).rejects.toMatchObject({ code: '57014' });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });
});
