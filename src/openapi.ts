import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/**
 * OpenAPI 3 at /v1/openapi.json and interactive docs at /v1/docs, generated from the controllers
 * when first asked for: the document is a few MiB of heap no request path needs.
 */
export function setupOpenApi(app: INestApplication): void {
  const document = () => SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Role-play community platform API')
      .setDescription(
        'Sign-in through chatapp and gameplatform, characters and their review, banks, avatars and stored images. ' +
          'Sessions are HttpOnly cookies (`access_token`, `refresh_token`) renewed automatically; game servers send a service key as `Authorization: Bearer rpk_…`. Errors are `{error, code?, details?}`.',
      )
      .setVersion('1')
      .addCookieAuth('access_token', { type: 'apiKey', in: 'cookie', name: 'access_token' })
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('v1/docs', app, document, { jsonDocumentUrl: 'v1/openapi.json', useGlobalPrefix: false });
}
