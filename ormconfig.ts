import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { parseConfig } from './src/config/config';
import { loadDotEnv } from './src/config/dotenv';
import { buildDataSourceOptions } from './src/database/data-source-options';
import { ENTITIES } from './src/entities';

// The DataSource the TypeORM CLI uses (`npx typeorm -d dist/ormconfig.js migration:show`).
loadDotEnv();
export default new DataSource(buildDataSourceOptions(parseConfig(process.env).databaseUrl, ENTITIES));
