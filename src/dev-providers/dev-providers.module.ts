import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { urlencoded } from 'express';
import { ChatappDevController } from './chatapp-dev.controller';
import { DevOAuthServers } from './dev-oauth-server';
import { DevProvidersWarning } from './dev-providers-warning';
import { DevThumbnailsController } from './dev-thumbnails.controller';
import { GameplatformDevController } from './gameplatform-dev.controller';

/** The development OAuth servers, one per provider they stand in for. */
const DEV_OAUTH_CONTROLLERS = [ChatappDevController, GameplatformDevController];
/**
 * Where their forms are posted: one parser mount per provider, where naming the controllers
 * mounts one per route and method, each in every request's way through the router.
 */
const DEV_OAUTH_FORMS = ['dev/chatapp/{*path}', 'dev/gameplatform/{*path}'].map((path) => ({ path, method: RequestMethod.POST }));

/**
 * The built-in development providers and thumbnail service (decisions §3), mounted only while DEV_PROVIDERS is on
 * (by default only on a loopback address), which configuration refuses when NODE_ENV=production. Their routes live under `/dev/`.
 */
@Module({
  controllers: [...DEV_OAUTH_CONTROLLERS, DevThumbnailsController],
  providers: [DevOAuthServers, DevProvidersWarning],
})
export class DevProvidersModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // OAuth forms and token requests are urlencoded; the API itself only takes JSON.
    consumer.apply(urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 })).forRoutes(...DEV_OAUTH_FORMS);
  }
}
