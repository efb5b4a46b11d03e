import { Module } from '@nestjs/common';
import { DevThumbnailsController } from './dev-thumbnails.controller';

/** Mounted only with `DEV_PROVIDERS` on (see AppModule). */
@Module({ controllers: [DevThumbnailsController] })
export class DevThumbnailsModule {}
