import 'reflect-metadata';
import { parseConfig } from './src/config/config';
import { loadDotEnv } from './src/config/dotenv';
import { buildDataSourceOptions, DialectDataSource } from './src/database/data-source-options';
import { ENTITIES } from './src/entities';

// The DataSource the TypeORM CLI uses (`npx typeorm -d dist/ormconfig.js migration:show`).
loadDotEnv();
export default new DialectDataSource(buildDataSourceOptions(parseConfig(process.env).databaseUrl, ENTITIES));
