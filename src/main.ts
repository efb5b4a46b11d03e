import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { ConfigError, parseConfig } from './config/config';
import { loadDotEnv } from './config/dotenv';
import { WorkerIdLease } from './database/id-generator';
import { ShutdownState } from './health/shutdown-state';
import { installGracefulShutdown } from './infrastructure/graceful-shutdown';
import { limitHeapGrowth } from './infrastructure/heap';
import { JsonExpressAdapter } from './infrastructure/http/json-adapter';

async function bootstrap(): Promise<void> {
  limitHeapGrowth();
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
