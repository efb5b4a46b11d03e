import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { ConfigError, parseConfig } from './config/config';
import { loadDotEnv } from './config/dotenv';
import { WorkerIdLease } from './database/id-generator';
import { ShutdownState } from './health/shutdown-state';
import { installGracefulShutdown } from './infrastructure/graceful-shutdown';
import { JsonExpressAdapter } from './infrastructure/http/json-adapter';

/**
 * The live heap of a serving instance is some 40 MiB, but V8 lets the old generation grow to three
 * or four times that before a full collection, all of it resident. Growing it by at most 30% per
 * collection keeps the process well under 200 MiB; with requests no longer promoted (see
 * `expressMessageOptions`) a full collection under load comes every few seconds, and 30% measured
 * no slower in `npm run bench:http` than 50% or 75% (RSS 166, 176 and 196 MiB after the run).
 */
const HEAP_GROWING_PERCENT = 30;

async function bootstrap(): Promise<void> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  loadDotEnv();
  const config = parseConfig(process.env);
  const app = await NestFactory.create(AppModule.forRoot(config), new JsonExpressAdapter(), {
    bufferLogs: true,
    bodyParser: false,
    abortOnError: false,
  });
  configureApp(app, config);
  await app.listen(config.port, config.host);
  installGracefulShutdown(app, config, app.get(Logger), () => app.get(ShutdownState).begin());
  const lease = app.get(WorkerIdLease);
  app.get(Logger).log(`Listening on http://${config.host}:${config.port} (public ${config.publicBaseUrl}); worker id ${lease.workerId} (${lease.source})`);
}

bootstrap().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `Start-up failed: ${error.message}`);
  process.exit(1);
});
