import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { urlencoded } from 'express';
import { ChatappDevController } from './chatapp-dev.controller';
import { DevOAuthServers } from './dev-oauth-server';
import { GameplatformDevController } from './gameplatform-dev.controller';

/** Controllers of the built-in development services, one per upstream they stand in for. */
const DEV_CONTROLLERS = [ChatappDevController, GameplatformDevController];

/**
 * The built-in development providers (decisions §3), mounted only while DEV_PROVIDERS is on,
 * which configuration refuses when NODE_ENV=production. Their routes live under `/dev/`.
 */
@Module({
  controllers: DEV_CONTROLLERS,
  providers: [DevOAuthServers],
})
export class DevProvidersModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // OAuth forms and token requests are urlencoded; the API itself only takes JSON.
    consumer.apply(urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 })).forRoutes(...DEV_CONTROLLERS);
  }
}
