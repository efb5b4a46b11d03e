import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { setApiPrefix } from './app.setup';
import { parseConfig } from './config/config';
import { openApiDocument } from './openapi';

/**
 * The document `/v1/openapi.json` serves, built without a database or a listener: Nest's preview
 * mode reads the controllers' metadata without making any provider. The TypeScript client is
 * generated from it (`npm run client:generate`).
 */
export async function standaloneOpenApiDocument(): Promise<OpenAPIObject> {
  // The defaults turn the development providers on; their controllers stay out of the document.
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false, abortOnError: false });
  try {
    setApiPrefix(app);
    return openApiDocument(app);
  } finally {
    await app.close();
  }
}
