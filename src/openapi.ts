import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/**
 * OpenAPI 3 at /v1/openapi.json and interactive docs at /v1/docs, generated from the controllers
 * when first asked for: the document is a few MiB of heap no request path needs.
 */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('v1/docs', app, () => openApiDocument(app), { jsonDocumentUrl: 'v1/openapi.json', useGlobalPrefix: false });
}

/** The document of an application whose routes carry their prefix (`setApiPrefix`). */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Role-play community platform API')
      .setDescription(
        'Sign-in through chatapp and gameplatform, characters and their review, banks, organisations with their treasuries, payroll, invoices and fines, avatars and stored images. ' +
          'Sessions are HttpOnly cookies (`access_token`, `refresh_token`) renewed automatically; game servers send a service key as `Authorization: Bearer rpk_…`. Errors are `{error, code?, details?}`. ' +
          'To try calls here as a person: `POST /v1/oauth/chatapp` with this page as `redirectUrl`, open the `targetUrl` it answers, sign in; the calls below then send your session cookie.',
      )
      .setVersion('1')
      .addCookieAuth('access_token', { type: 'apiKey', in: 'cookie', name: 'access_token' })
      .addBearerAuth()
      .build(),
  );
}
