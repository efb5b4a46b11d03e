import type { TestApp } from './app';

/** How many SQL statements the application sent while `work` ran, its background pollers aside. */
export async function countQueries(t: TestApp, work: () => PromiseLike<unknown>): Promise<number> {
  const dataSource = t.dataSource as unknown as { logger: { logQuery: (...args: unknown[]) => unknown } };
  const original = dataSource.logger.logQuery;
  let count = 0;
  dataSource.logger.logQuery = (...args: unknown[]) => {
    // The webhook worker polls in the background of every app.
    if (!String(args[0]).includes('webhook_deliveries')) count += 1;
    return original.apply(dataSource.logger, args);
  };
  try {
    await work();
  } finally {
    dataSource.logger.logQuery = original;
  }
  return count;
}
