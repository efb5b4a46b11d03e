const { join } = require('node:path');
const root = '/work/wt/staff';
const { DataSource } = require('/work/wt/staff/node_modules/typeorm');
const { buildDataSourceOptions } = require(join(root, 'dist/src/database/data-source-options'));
const { runMigrations } = require(join(root, 'dist/src/database/migrate'));
const { seedStaffSearch } = require(join(root, 'bench/lib/staff-seed'));
(async () => {
  const url = process.argv[2];
  const ds = await new DataSource(buildDataSourceOptions(url)).initialize();
  await runMigrations(ds);
  const dialect = url.startsWith('sqlite') ? 'sqlite' : 'postgres';
  if (process.argv[3] === 'seed') await seedStaffSearch({ dataSource: ds, dialect }, 1, 100000);
  const ex = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ANALYZE ';
  const sql = process.argv[4];
  const rows = await ds.query(ex + sql);
  console.log(rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n'));
  await ds.destroy();
})();
