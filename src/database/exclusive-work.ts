import type { DataSource } from 'typeorm';

/**
 * Runs `work` unless another instance holds the PostgreSQL advisory lock `key` (then answers false
 * without running it); the lock is held on a connection of its own for as long as `work` runs, so
 * it frees itself if the process dies. SQLite is written by one process: `work` just runs.
 */
export async function runExclusively(dataSource: DataSource, key: number, work: () => Promise<void>): Promise<boolean> {
  if (dataSource.options.type !== 'postgres') {
    await work();
    return true;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock($1) AS "locked"', [key]);
    if (!locked) return false;
    try {
      await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [key]);
    }
    return true;
  } finally {
    await runner.release();
  }
}
